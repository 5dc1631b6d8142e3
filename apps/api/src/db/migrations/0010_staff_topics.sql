-- Topics for the staff lists and the residents list (lib/change-feed.ts).
--
-- employees:all — the employee lists (employees, their accounts and their building grants).
CREATE TRIGGER employees_change_feed AFTER INSERT OR DELETE ON employees
  FOR EACH ROW EXECUTE FUNCTION portico_notify_change('employees');
--> statement-breakpoint
CREATE TRIGGER employees_change_feed_update AFTER UPDATE ON employees FOR EACH ROW
  WHEN (OLD.* IS DISTINCT FROM NEW.*) EXECUTE FUNCTION portico_notify_change('employees');
--> statement-breakpoint
CREATE TRIGGER employees_change_feed_truncate AFTER TRUNCATE ON employees
  FOR EACH STATEMENT EXECUTE FUNCTION portico_notify_truncate();
--> statement-breakpoint
CREATE TRIGGER user_buildings_employees_change_feed AFTER INSERT OR DELETE ON user_buildings
  FOR EACH ROW EXECUTE FUNCTION portico_notify_change('employees');
--> statement-breakpoint
CREATE TRIGGER user_buildings_employees_change_feed_update AFTER UPDATE ON user_buildings FOR EACH ROW
  WHEN (OLD.* IS DISTINCT FROM NEW.*) EXECUTE FUNCTION portico_notify_change('employees');
--> statement-breakpoint
-- A staff member's account as the employee lists show it (last sign-in included).
CREATE OR REPLACE FUNCTION portico_notify_staff_account() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM employees e WHERE e.user_id = NEW.id) THEN
    PERFORM portico_notify('employees:all');
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER users_staff_change_feed AFTER UPDATE ON users FOR EACH ROW
  WHEN ((OLD.username, OLD.email, OLD.first_name, OLD.last_name, OLD.phone_number, OLD.role, OLD.is_active,
         OLD.last_login)
    IS DISTINCT FROM (NEW.username, NEW.email, NEW.first_name, NEW.last_name, NEW.phone_number, NEW.role,
         NEW.is_active, NEW.last_login))
  EXECUTE FUNCTION portico_notify_staff_account();
--> statement-breakpoint
-- The residents list also shows a resident's username and whether they have an account (active,
-- with a password or a first sign-in): those reach units: of their buildings too.
CREATE TRIGGER users_resident_account_change_feed AFTER UPDATE ON users FOR EACH ROW
  WHEN ((OLD.username, OLD.is_active, OLD.password_hash IS NULL, OLD.last_login IS NULL)
    IS DISTINCT FROM (NEW.username, NEW.is_active, NEW.password_hash IS NULL, NEW.last_login IS NULL))
  EXECUTE FUNCTION portico_notify_resident_units();
