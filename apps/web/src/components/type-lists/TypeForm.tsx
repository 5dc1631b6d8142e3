import { useId } from "react";
import { useNavigate, useParams } from "react-router";
import { Controller, type Resolver, useForm, useWatch } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { useSnackbar } from "notistack";
import Alert from "@mui/material/Alert";
import Autocomplete from "@mui/material/Autocomplete";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogTitle from "@mui/material/DialogTitle";
import Link from "@mui/material/Link";
import MenuItem from "@mui/material/MenuItem";
import Paper from "@mui/material/Paper";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import ArrowBackIcon from "@mui/icons-material/ArrowBack";
import { MODAL_CLOSE_DELAY_MS } from "@portico/contract";
import { errorMessage } from "../../lib/api.ts";
import { applyServerErrors } from "../../lib/forms.ts";
import { useIsMobile } from "../../lib/useIsMobile.ts";
import { useOpenSession } from "../../lib/useOpenSession.ts";
import { usePageTitle } from "../../lib/usePageTitle.ts";
import { SectionProgress } from "../FullPageProgress.tsx";
import { FormCheckbox } from "../FormFields.tsx";
import { RouterLink } from "../RouterLink.tsx";
import type { FormValues, TypeField, TypeItem, TypeListDefinition, TypeOption } from "./definition.ts";

const capitalized = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/**
 * The form of a type: the contract's schema validates (its messages, its limits) and gives the
 * body; server field errors land under their fields and the first one gets focus.
 */
function useTypeForm<T extends TypeItem, Body>(def: TypeListDefinition<T, Body>, type: T | null, onSaved: () => void) {
  const { enqueueSnackbar } = useSnackbar();
  const create = def.api.useCreate();
  const update = def.api.useUpdate();
  const form = useForm<FormValues, unknown, Body>({
    mode: "onChange",
    resolver: zodResolver(def.schema as never) as unknown as Resolver<FormValues, unknown, Body>,
    defaultValues: def.toValues(type),
  });
  const onSubmit = form.handleSubmit(async (body) => {
    form.clearErrors("root");
    try {
      if (type) await update.mutateAsync({ id: type.id, body });
      else await create.mutateAsync(body);
      const saved = typeof def.savedMessage === "function" ? def.savedMessage(!type) : def.savedMessage;
      enqueueSnackbar(saved, { variant: "success" });
      onSaved();
    } catch (error) {
      const set = applyServerErrors(error, form, { fields: def.fields.map((f) => f.name) });
      // The first errored field in the form's order (not the answer's) gets focus.
      const first = def.fields.find((f) => f.name in set);
      if (first) form.setFocus(first.name);
    }
  });
  return { form, onSubmit };
}

type TypeFormState = ReturnType<typeof useTypeForm>["form"];

type InputProps = {
  field: Exclude<TypeField, { kind: "checkbox" | "multiselect" }>;
  form: TypeFormState;
  id: string;
  locked: boolean;
  autoFocus: boolean;
};

/** A choice: its options come from the feature's API. */
function ChoiceInput(props: InputProps & { field: Extract<TypeField, { kind: "select" | "color" }> }) {
  return <TextInput {...props} options={props.field.useOptions()} />;
}

/** Several choices (buildings…): the value is the list of the chosen options' values. */
function MultiChoiceInput({
  field: f,
  form,
  id,
  locked,
  autoFocus,
}: Omit<InputProps, "field"> & { field: Extract<TypeField, { kind: "multiselect" }> }) {
  const options = f.useOptions();
  return (
    <Controller
      control={form.control}
      name={f.name}
      render={({ field: { ref, ...field }, fieldState }) => {
        const chosen = Array.isArray(field.value) ? (field.value as string[]) : [];
        return (
          <Autocomplete<TypeOption, true>
            multiple
            disableCloseOnSelect
            id={id}
            disabled={locked}
            options={options ?? []}
            loading={!options}
            value={chosen.map((v) => options?.find((o) => o.value === v) ?? { value: v, label: v })}
            onChange={(_, list) => field.onChange(list.map((o) => o.value))}
            onBlur={field.onBlur}
            getOptionLabel={(o) => o.label}
            isOptionEqualToValue={(a, b) => a.value === b.value}
            renderInput={(p) => (
              <TextField
                {...p}
                name={f.name}
                inputRef={ref}
                label={f.label}
                required={f.required}
                autoFocus={autoFocus}
                error={!!fieldState.error}
                helperText={fieldState.error?.message ?? f.helperText}
              />
            )}
          />
        );
      }}
    />
  );
}

/** The fields of a type's form (checkboxes side by side), the preview and a form-wide error. */
function TypeFields<T extends TypeItem, Body>({
  def,
  form,
  locked,
  autoFocus,
}: {
  def: TypeListDefinition<T, Body>;
  form: TypeFormState;
  locked: boolean;
  autoFocus: boolean;
}) {
  const uid = useId();
  const values = useWatch({ control: form.control });
  const rootError = form.formState.errors.root?.serverError?.message;
  const boxes = def.fields.filter((f) => f.kind === "checkbox");
  const firstBox = boxes[0];
  return (
    <>
      {def.fields.map((f, i) => {
        if (f.kind === "checkbox")
          return f === firstBox ? (
            <Box key="checkboxes" sx={{ display: "flex", flexWrap: "wrap", columnGap: 2 }}>
              {boxes.map((b) => (
                <FormCheckbox key={b.name} control={form.control} name={b.name} label={b.label} disabled={locked} />
              ))}
            </Box>
          ) : null;
        const props = { form, id: `${uid}-${f.name}`, locked, autoFocus: autoFocus && i === 0 };
        if (f.kind === "multiselect") return <MultiChoiceInput key={f.name} field={f} {...props} />;
        return f.kind === "select" || f.kind === "color" ? (
          <ChoiceInput key={f.name} field={f} {...props} />
        ) : (
          <TextInput key={f.name} field={f} {...props} />
        );
      })}
      {def.Preview && <def.Preview values={values} />}
      {rootError && <Alert severity="error">{rootError}</Alert>}
    </>
  );
}

function TextInput({ field: f, form, id, locked, autoFocus, options }: InputProps & { options?: TypeOption[] }) {
  const choice = f.kind === "select" || f.kind === "color";
  return (
    <Controller
      control={form.control}
      name={f.name}
      render={({ field: { ref, ...field }, fieldState }) => (
        <TextField
          {...field}
          value={field.value ?? ""}
          // The input itself takes the ref (not the TextField's root): focus goes where typing does.
          inputRef={ref}
          onChange={(e) =>
            field.onChange("upperCase" in f && f.upperCase ? e.target.value.toUpperCase() : e.target.value)
          }
          id={id}
          select={choice}
          label={f.label}
          required={f.required}
          disabled={locked}
          autoFocus={autoFocus}
          multiline={f.kind === "multiline"}
          minRows={f.kind === "multiline" ? 3 : undefined}
          error={!!fieldState.error}
          helperText={fieldState.error?.message ?? f.helperText}
          fullWidth
          slotProps={{
            htmlInput: {
              ...("max" in f && f.max ? { maxLength: f.max } : {}),
              ...(f.kind === "number" ? { inputMode: "numeric" as const, pattern: "[0-9]*" } : {}),
            },
          }}
        >
          {choice &&
            (options ?? []).map((o) => (
              <MenuItem key={o.value} value={o.value}>
                {o.color && (
                  <Box
                    component="span"
                    aria-hidden
                    sx={{
                      display: "inline-block",
                      width: 16,
                      height: 16,
                      borderRadius: 0.5,
                      mr: 1,
                      verticalAlign: "middle",
                      bgcolor: o.color,
                      border: "1px solid rgba(0,0,0,0.3)",
                    }}
                  />
                )}
                {o.label}
              </MenuItem>
            ))}
          {/* The current value stays selectable while the choices load. */}
          {choice && !options && field.value ? (
            <MenuItem value={String(field.value)}>{String(field.value)}</MenuItem>
          ) : null}
        </TextField>
      )}
    />
  );
}

export interface TypeFormDialogProps<T extends TypeItem, Body> {
  def: TypeListDefinition<T, Body>;
  open: boolean;
  /** The type being edited; null: a new one. */
  type: T | null;
  onClose: () => void;
}

/** Add or edit a type in a dialog over the list. */
export function TypeFormDialog<T extends TypeItem, Body>({ def, open, type, onClose }: TypeFormDialogProps<T, Body>) {
  const isMobile = useIsMobile();
  const titleId = useId();
  // A fresh form per opening; the last one stays while the dialog closes.
  const session = useOpenSession(open);
  return (
    <Dialog
      open={open}
      onClose={onClose}
      fullWidth
      maxWidth="sm"
      fullScreen={isMobile}
      transitionDuration={{ exit: MODAL_CLOSE_DELAY_MS }}
      aria-labelledby={titleId}
    >
      <DialogForm key={session} def={def} type={type} onClose={onClose} titleId={titleId} />
    </Dialog>
  );
}

function DialogForm<T extends TypeItem, Body>({
  def,
  type,
  onClose,
  titleId,
}: {
  def: TypeListDefinition<T, Body>;
  type: T | null;
  onClose: () => void;
  titleId: string;
}) {
  const { form, onSubmit } = useTypeForm(def, type, onClose);
  const { errors, isSubmitting } = form.formState;
  return (
    <form noValidate onSubmit={onSubmit}>
      <DialogTitle id={titleId}>{`${type ? "Edit" : "Add"} ${def.noun}`}</DialogTitle>
      <DialogContent dividers>
        <Stack spacing={2}>
          <TypeFields def={def} form={form} locked={false} autoFocus />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={isSubmitting}>
          Cancel
        </Button>
        <Button
          type="submit"
          variant="contained"
          loading={isSubmitting}
          disabled={Object.keys(errors).some((k) => k !== "root")}
        >
          Save
        </Button>
      </DialogActions>
    </form>
  );
}

/** The create and edit pages of a type (the route's id param names the type to edit). */
export function TypeFormPage<T extends TypeItem, Body>({ def }: { def: TypeListDefinition<T, Body> }) {
  if (def.form.kind !== "page" || !def.api.useOne) throw new Error("TypeFormPage needs a page form and useOne");
  const paths = def.form;
  const raw = useParams()[paths.param];
  const id = raw && /^\d+$/.test(raw) ? Number(raw) : null;
  const editing = raw !== undefined;
  const type = def.api.useOne(id);
  const heading = editing ? `Edit ${def.noun}` : `Add ${def.noun}`;
  usePageTitle(capitalized(heading));
  const header = (title: string) => (
    <Box component="header" sx={{ mb: 2 }}>
      <Link
        component={RouterLink}
        to={paths.list}
        underline="hover"
        sx={{ display: "inline-flex", alignItems: "center", gap: 0.5, mb: 1, fontSize: "0.9rem" }}
      >
        <ArrowBackIcon fontSize="inherit" aria-hidden />
        {def.title}
      </Link>
      <Typography variant="h1">{title}</Typography>
    </Box>
  );

  if (editing && (id === null || type.isError))
    return (
      <Box>
        {header(capitalized(heading))}
        <Alert severity="error">{id === null ? `This ${def.noun} was not found.` : errorMessage(type.error)}</Alert>
      </Box>
    );
  if (editing && type.isPending) return <SectionProgress label={`Loading the ${def.noun}`} />;
  const current = editing ? (type.data ?? null) : null;
  return (
    <Box>
      {header(current ? `Edit ${def.nameOf(current)}` : capitalized(heading))}
      {current?.is_immutable && (
        <Alert severity="info" sx={{ mb: 2 }}>
          {def.lockedMessage}
        </Alert>
      )}
      <PageForm key={current?.id ?? "new"} def={def} type={current} list={paths.list} />
    </Box>
  );
}

function PageForm<T extends TypeItem, Body>({
  def,
  type,
  list,
}: {
  def: TypeListDefinition<T, Body>;
  type: T | null;
  list: string;
}) {
  const navigate = useNavigate();
  const { form, onSubmit } = useTypeForm(def, type, () => navigate(list));
  const locked = !!type?.is_immutable;
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, maxWidth: 720 }}>
      <Box
        component="form"
        noValidate
        onSubmit={onSubmit}
        sx={{ display: "grid", gap: 2 }}
        aria-label={capitalized(def.noun)}
      >
        <TypeFields def={def} form={form} locked={locked} autoFocus={false} />
        <Box sx={{ display: "flex", gap: 1 }}>
          <Button type="submit" variant="contained" disabled={locked} loading={form.formState.isSubmitting}>
            Save
          </Button>
          <Button type="button" onClick={() => navigate(list)}>
            Cancel
          </Button>
        </Box>
      </Box>
    </Paper>
  );
}
