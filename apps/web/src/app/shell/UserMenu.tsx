import { useId, useState } from "react";
import IconButton from "@mui/material/IconButton";
import Avatar from "@mui/material/Avatar";
import Menu from "@mui/material/Menu";
import MenuItem from "@mui/material/MenuItem";
import ListItemIcon from "@mui/material/ListItemIcon";
import Divider from "@mui/material/Divider";
import Box from "@mui/material/Box";
import Typography from "@mui/material/Typography";
import LockResetIcon from "@mui/icons-material/LockReset";
import PersonIcon from "@mui/icons-material/Person";
import LogoutIcon from "@mui/icons-material/Logout";
import type { Me } from "@portico/contract";
import { signOut } from "../../lib/auth.ts";

export const fullName = (me: Pick<Me, "first_name" | "last_name" | "username">) =>
  `${me.first_name} ${me.last_name}`.trim() || me.username;

/** The 'User menu': name, role, 'Change password', 'Sign out'. */
export function UserMenu({ me }: { me: Me }) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const menuId = useId();
  const open = Boolean(anchor);
  return (
    <>
      <IconButton
        aria-label="User menu"
        aria-haspopup="menu"
        aria-controls={open ? menuId : undefined}
        aria-expanded={open ? "true" : undefined}
        onClick={(e) => setAnchor(e.currentTarget)}
        sx={{ p: 0.5 }}
      >
        <Avatar sx={{ width: 34, height: 34, bgcolor: "secondary.main" }}>
          <PersonIcon fontSize="small" />
        </Avatar>
      </IconButton>
      <Menu
        id={menuId}
        anchorEl={anchor}
        open={open}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: "bottom", horizontal: "right" }}
        transformOrigin={{ vertical: "top", horizontal: "right" }}
      >
        <Box sx={{ px: 2, py: 1, minWidth: 220 }} role="presentation">
          <Typography sx={{ fontWeight: 600 }}>{fullName(me)}</Typography>
          <Typography variant="body2" sx={{ color: "text.secondary" }}>
            {me.role_display}
          </Typography>
        </Box>
        <Divider />
        {me.change_password_url && (
          <MenuItem component="a" href={me.change_password_url} onClick={() => setAnchor(null)}>
            <ListItemIcon>
              <LockResetIcon fontSize="small" />
            </ListItemIcon>
            Change password
          </MenuItem>
        )}
        <MenuItem
          onClick={() => {
            setAnchor(null);
            void signOut();
          }}
        >
          <ListItemIcon>
            <LogoutIcon fontSize="small" />
          </ListItemIcon>
          Sign out
        </MenuItem>
      </Menu>
    </>
  );
}
