import { lazy, type ReactNode, Suspense, useCallback, useEffect, useMemo, useRef, useState } from "react";
import { Controller, type Resolver, useForm, useWatch } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { useSnackbar } from "notistack";
import Alert from "@mui/material/Alert";
import Autocomplete from "@mui/material/Autocomplete";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import FormControl from "@mui/material/FormControl";
import FormControlLabel from "@mui/material/FormControlLabel";
import FormHelperText from "@mui/material/FormHelperText";
import FormLabel from "@mui/material/FormLabel";
import IconButton from "@mui/material/IconButton";
import LinearProgress from "@mui/material/LinearProgress";
import List from "@mui/material/List";
import ListItem from "@mui/material/ListItem";
import ListItemText from "@mui/material/ListItemText";
import Radio from "@mui/material/Radio";
import RadioGroup from "@mui/material/RadioGroup";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import AttachFileIcon from "@mui/icons-material/AttachFile";
import DeleteIcon from "@mui/icons-material/Delete";
import {
  MEMO_LIMITS,
  MEMO_MESSAGES as M,
  MEMO_TYPE_DISPLAY,
  MEMO_TYPES,
  type MemoAttachment,
  type MemoType,
  memoSentMessage,
  SendMemoBody,
  type SendMemoReply,
  SendPortfolioMemoBody,
} from "@portico/contract";
import { FormTextField, fieldGrid } from "../../../components/FormFields.tsx";
import { ApiError } from "../../../lib/api.ts";
import { applyServerErrors, ROOT_SERVER_ERROR, serverErrorText, serverFieldText } from "../../../lib/forms.ts";
import { buildingLabel, useMe } from "../../../lib/session.tsx";
import { fetchMatchingRecipients, useMemoRecipients, useSendMemo, useSendPortfolioMemo } from "../api.ts";
import {
  addRecipients,
  attachmentOf,
  attachmentsError,
  type ChosenRecipient,
  chosenOf,
  clearDraft,
  loadDraft,
  saveDraft,
  totalSize,
} from "../model.ts";
import { RecipientPicker } from "./RecipientPicker.tsx";

const RichTextEditor = lazy(() =>
  import("../../../components/RichTextEditor.tsx").then((m) => ({ default: m.RichTextEditor })),
);

/** Who a memo goes to: chosen residents of a building, a club's members, or every tenant of chosen buildings. */
export type ComposerMode =
  | { kind: "building"; building: number; occupantId?: number }
  | { kind: "club"; building: number; clubId: number }
  | { kind: "portfolio" };

interface Values {
  sender_name: string;
  sender_email: string;
  subject: string;
  body: string;
  type: MemoType | null;
  additional_recipients: string;
  occupant_ids: number[];
  building_ids: number[];
  attachments_array: MemoAttachment[];
  is_preview_email: boolean;
  building_id: number;
  is_club_memo: boolean;
  memo_club_id: number | null;
}

/**
 * The contract's schema, and the recipients rule even when another field fails first (the
 * schema checks occupant_ids only once the rest is valid): a building memo needs recipients.
 */
function composerResolver(portfolio: boolean): Resolver<Values> {
  const schema = zodResolver(
    (portfolio ? SendPortfolioMemoBody : SendMemoBody) as never,
  ) as unknown as Resolver<Values>;
  return async (values, context, options) => {
    const result = await schema(values, context, options);
    const needsRecipients = !portfolio && !values.is_club_memo && !values.is_preview_email;
    if (needsRecipients && !values.occupant_ids.length && !result.errors.occupant_ids) {
      return {
        values: {},
        errors: { ...result.errors, occupant_ids: { type: "custom", message: M.recipientsRequired } },
      };
    }
    return result;
  };
}

/** The fields the form shows (a server error on any other goes to the form's foot). */
const FIELDS = [
  "sender_name",
  "sender_email",
  "subject",
  "type",
  "occupant_ids",
  "building_ids",
  "additional_recipients",
  "body",
] as const;

const scopeOf = (mode: ComposerMode) =>
  mode.kind === "portfolio" ? "portfolio" : mode.kind === "club" ? `club-${mode.clubId}` : `building-${mode.building}`;

export interface MemoComposerProps {
  mode: ComposerMode;
  /** After a real send (not a preview): the reply and the memo's type. */
  onSent: (reply: SendMemoReply, type: MemoType) => void;
  /** Controls beside the editor's toolbar (the template picker): given a way to put a template in. */
  templatePicker?: (apply: (template: { title: string; content: string }) => void) => ReactNode;
  /** More ways to choose recipients (memo groups): given a way to add them. */
  recipientSources?: (add: (recipients: ChosenRecipient[]) => void) => ReactNode;
}

/**
 * Write and send a memo or letter (document 3 sections 2, 8): sender, subject, type, recipients,
 * extra addresses, the rich-text body and attachments; 'Send preview' mails the sender only.
 * What was typed survives an error and a reload of the tab (a draft in sessionStorage).
 */
export function MemoComposer({ mode, onSent, templatePicker, recipientSources }: MemoComposerProps) {
  const me = useMe();
  const { enqueueSnackbar } = useSnackbar();
  const scope = scopeOf(mode);
  const portfolio = mode.kind === "portfolio";
  const sendMemo = useSendMemo();
  const sendPortfolio = useSendPortfolioMemo();

  const draft = useMemo(() => loadDraft(scope), [scope]);
  const blank = useMemo<Values>(
    () => ({
      sender_name: `${me.first_name} ${me.last_name}`.trim(),
      sender_email: me.email ?? "",
      subject: "",
      body: "",
      type: null,
      additional_recipients: "",
      occupant_ids: [],
      building_ids: [],
      attachments_array: [],
      is_preview_email: false,
      building_id: mode.kind === "portfolio" ? 0 : mode.building,
      is_club_memo: mode.kind === "club",
      memo_club_id: mode.kind === "club" ? mode.clubId : null,
    }),
    [me, mode],
  );
  const [chosen, setChosen] = useState<ChosenRecipient[]>(draft?.recipients ?? []);
  const form = useForm<Values>({
    resolver: composerResolver(portfolio),
    defaultValues: {
      ...blank,
      ...(draft
        ? {
            sender_name: draft.sender_name ?? blank.sender_name,
            sender_email: draft.sender_email ?? blank.sender_email,
            subject: draft.subject ?? "",
            body: draft.body ?? "",
            type: draft.type ?? null,
            additional_recipients: draft.additional_recipients ?? "",
            building_ids: draft.building_ids ?? [],
            occupant_ids: (draft.recipients ?? []).map((r) => r.occupant_id),
          }
        : {}),
    },
  });
  const { errors, isSubmitting, submitCount } = form.formState;
  const [files, setFiles] = useState<File[]>([]);
  const [filesError, setFilesError] = useState<string | null>(null);
  const [failedOnce, setFailedOnce] = useState(false);

  // The chosen residents are the payload's occupant_ids.
  const choose = useCallback(
    (next: (current: ChosenRecipient[]) => ChosenRecipient[]) =>
      setChosen((current) => {
        const updated = next(current);
        form.setValue(
          "occupant_ids",
          updated.map((r) => r.occupant_id),
          { shouldValidate: submitCount > 0 },
        );
        return updated;
      }),
    [form, submitCount],
  );
  const add = useCallback((more: ChosenRecipient[]) => choose((c) => addRecipients(c, more)), [choose]);
  const remove = useCallback((ids: number[]) => choose((c) => c.filter((r) => !ids.includes(r.occupant_id))), [choose]);

  // ?occupant_id= pre-selects that resident once.
  const preset = mode.kind === "building" ? mode.occupantId : undefined;
  const presetDone = useRef(false);
  useEffect(() => {
    if (mode.kind !== "building" || !preset || presetDone.current) return;
    presetDone.current = true;
    fetchMatchingRecipients(mode.building, { occupant_ids: [preset] })
      .then((page) => {
        const row = page.results.find((r) => r.occupant_id === preset);
        if (row) add([chosenOf(row)]);
      })
      .catch(() => enqueueSnackbar(M.recipientsFailed, { variant: "error" }));
  }, [mode, preset, add, enqueueSnackbar]);

  // Keep a draft of what was typed (not the attachments).
  const watched = useWatch({ control: form.control });
  useEffect(() => {
    const typed = watched.subject || watched.body || watched.additional_recipients || watched.type || chosen.length > 0;
    if (!typed && !watched.building_ids?.length) {
      clearDraft(scope);
      return;
    }
    saveDraft(scope, {
      sender_name: watched.sender_name ?? "",
      sender_email: watched.sender_email ?? "",
      subject: watched.subject ?? "",
      body: watched.body ?? "",
      type: watched.type ?? null,
      additional_recipients: watched.additional_recipients ?? "",
      recipients: chosen,
      building_ids: (watched.building_ids ?? []).filter((n): n is number => typeof n === "number"),
    });
  }, [scope, watched, chosen]);

  const pickFiles = (picked: FileList | null) => {
    if (!picked?.length) return;
    const next = [...files, ...Array.from(picked)];
    setFiles(next);
    setFilesError(attachmentsError(next));
  };
  const dropFile = (at: number) => {
    const next = files.filter((_, i) => i !== at);
    setFiles(next);
    setFilesError(attachmentsError(next));
  };

  const submit = (preview: boolean) => {
    form.setValue("is_preview_email", preview);
    form.clearErrors(ROOT_SERVER_ERROR);
    return form.handleSubmit(
      async (values) => {
        const tooLarge = attachmentsError(files);
        if (tooLarge) {
          setFilesError(tooLarge);
          setFailedOnce(true);
          return;
        }
        setFailedOnce(false);
        try {
          const attachments_array = await Promise.all(files.map(attachmentOf));
          const base = {
            sender_name: values.sender_name,
            sender_email: values.sender_email,
            subject: values.subject,
            body: values.body,
            type: values.type as MemoType,
            additional_recipients: values.additional_recipients,
            attachments_array,
            is_preview_email: preview,
          };
          const reply = portfolio
            ? await sendPortfolio.mutateAsync({ ...base, building_ids: values.building_ids })
            : await sendMemo.mutateAsync({
                ...base,
                building_id: values.building_id,
                occupant_ids: values.is_club_memo ? [] : values.occupant_ids,
                is_club_memo: values.is_club_memo,
                memo_club_id: values.memo_club_id,
              });
          if (reply.is_preview_email) {
            enqueueSnackbar(memoSentMessage(reply, me.email ?? values.sender_email), { variant: "success" });
            return;
          }
          enqueueSnackbar(`${memoSentMessage(reply, "")} ${M.resetAdvice}`, { variant: "success" });
          clearDraft(scope);
          form.reset(blank);
          setChosen([]);
          setFiles([]);
          setFilesError(null);
          onSent(reply, values.type as MemoType);
        } catch (error) {
          setFailedOnce(true);
          if (error instanceof ApiError && error.status === 413) {
            setFilesError(serverFieldText(new ApiError(400, "", error.body), "attachments") || M.attachmentsTooLarge);
            return;
          }
          if (error instanceof ApiError && error.status === 400) {
            const onFiles = serverFieldText(error, "attachments_array") || serverFieldText(error, "attachments");
            if (onFiles) setFilesError(onFiles);
            applyServerErrors(error, form, { fields: FIELDS });
            return;
          }
          form.setError(ROOT_SERVER_ERROR, { type: "server", message: M.sendFailed(serverErrorText(error)) });
        }
      },
      () => setFailedOnce(true),
    )();
  };

  const fieldErrors = Object.keys(errors).some((k) => k !== "root") || Boolean(filesError);
  const busy = isSubmitting;

  return (
    <Box
      component="form"
      noValidate
      aria-label={portfolio ? "Portfolio memo" : "Memo"}
      onSubmit={(e) => {
        e.preventDefault();
        void submit(false);
      }}
      sx={{ display: "grid", gap: 2.5 }}
    >
      <Box sx={fieldGrid({ sm: "1fr 1fr" })}>
        <FormTextField
          control={form.control}
          name="sender_name"
          label="Sender name"
          size="small"
          slotProps={{ htmlInput: { maxLength: MEMO_LIMITS.sender_name } }}
        />
        <FormTextField
          control={form.control}
          name="sender_email"
          label="Sender email"
          type="email"
          size="small"
          slotProps={{ htmlInput: { maxLength: MEMO_LIMITS.sender_email } }}
        />
      </Box>
      <FormTextField
        control={form.control}
        name="subject"
        label="Subject"
        required
        size="small"
        slotProps={{ htmlInput: { maxLength: MEMO_LIMITS.subject } }}
      />
      <Controller
        control={form.control}
        name="type"
        render={({ field, fieldState }) => (
          <FormControl required error={!!fieldState.error}>
            <FormLabel id="memo-type-label">Type</FormLabel>
            <RadioGroup
              row
              aria-labelledby="memo-type-label"
              name={field.name}
              value={field.value ?? ""}
              onChange={(e) => field.onChange(e.target.value as MemoType)}
            >
              {MEMO_TYPES.map((t) => (
                <FormControlLabel key={t} value={t} label={MEMO_TYPE_DISPLAY[t]} control={<Radio />} />
              ))}
            </RadioGroup>
            {fieldState.error && <FormHelperText>{fieldState.error.message}</FormHelperText>}
          </FormControl>
        )}
      />

      {mode.kind === "building" && (
        <RecipientPicker
          building={mode.building}
          chosen={chosen}
          onAdd={add}
          onRemove={remove}
          error={
            errors.occupant_ids?.message ??
            (errors.occupant_ids as { root?: { message?: string } } | undefined)?.root?.message
          }
          extra={recipientSources?.(add)}
          disabled={busy}
        />
      )}
      {mode.kind === "club" && <ClubRecipients building={mode.building} clubId={mode.clubId} />}
      {portfolio && <BuildingsField control={form.control} />}

      <FormTextField
        control={form.control}
        name="additional_recipients"
        label="Additional email addresses"
        size="small"
        helperText="Separate addresses with ;"
        slotProps={{ htmlInput: { maxLength: MEMO_LIMITS.additional_recipients } }}
      />

      <Controller
        control={form.control}
        name="body"
        render={({ field, fieldState }) => (
          <Suspense fallback={<LinearProgress aria-label="Loading the editor" />}>
            <RichTextEditor
              label="Message"
              value={field.value}
              onChange={field.onChange}
              error={fieldState.error?.message}
              disabled={busy}
              toolbarExtra={templatePicker?.((t) => {
                form.setValue("body", t.content, { shouldDirty: true });
                if (!form.getValues("subject")) form.setValue("subject", t.title, { shouldDirty: true });
              })}
            />
          </Suspense>
        )}
      />

      <Attachments files={files} error={filesError} onPick={pickFiles} onDrop={dropFile} disabled={busy} />

      {errors.root?.serverError && <Alert severity="error">{errors.root.serverError.message}</Alert>}
      {fieldErrors && failedOnce && (
        <Alert severity="error" role="alert">
          {M.correctErrors}
        </Alert>
      )}
      <Stack direction="row" spacing={1.5}>
        <Button variant="outlined" onClick={() => void submit(true)} disabled={busy}>
          Send preview
        </Button>
        <Button type="submit" variant="contained" loading={busy}>
          Send
        </Button>
      </Stack>
    </Box>
  );
}

/** The club memo's recipients: every member of the club. */
function ClubRecipients({ building, clubId }: { building: number; clubId: number }) {
  const members = useMemoRecipients(building, { club_id: clubId, limit: 1, offset: 0 });
  if (members.isError) return <Alert severity="error">{M.recipientsFailed}</Alert>;
  return (
    <Alert severity="info">
      {members.data
        ? `This memo goes to the club's ${members.data.count} member${members.data.count === 1 ? "" : "s"}.`
        : "This memo goes to the club's members."}
    </Alert>
  );
}

/** The portfolio memo's buildings (one or more). */
function BuildingsField({ control }: { control: ReturnType<typeof useForm<Values>>["control"] }) {
  const me = useMe();
  const options = me.buildings;
  return (
    <Controller
      control={control}
      name="building_ids"
      render={({ field, fieldState }) => (
        <Autocomplete
          multiple
          disableCloseOnSelect
          options={options}
          getOptionLabel={(b) => buildingLabel(b)}
          value={options.filter((b) => field.value.includes(b.id))}
          onChange={(_, picked) => field.onChange(picked.map((b) => b.id))}
          renderInput={(params) => (
            <TextField
              {...params}
              label="Buildings"
              required
              inputRef={field.ref}
              error={!!fieldState.error}
              helperText={fieldState.error?.message}
            />
          )}
        />
      )}
    />
  );
}

const sizeText = (n: number) => (n >= 1024 * 1024 ? `${(n / 1024 / 1024).toFixed(1)} MB` : `${Math.ceil(n / 1024)} KB`);

/** The attachments: chosen files (several at once), their total (10 MB at most), each removable. */
function Attachments({
  files,
  error,
  onPick,
  onDrop,
  disabled,
}: {
  files: readonly File[];
  error: string | null;
  onPick: (files: FileList | null) => void;
  onDrop: (at: number) => void;
  disabled?: boolean;
}) {
  return (
    <FormControl error={!!error}>
      <Stack direction="row" spacing={2} sx={{ alignItems: "center" }}>
        <Button component="label" variant="outlined" startIcon={<AttachFileIcon />} disabled={disabled}>
          Attach files
          <input
            hidden
            type="file"
            multiple
            aria-label="Attachments"
            onChange={(e) => {
              onPick(e.target.files);
              e.target.value = "";
            }}
          />
        </Button>
        {files.length > 0 && (
          <Typography variant="body2" color="text.secondary">
            {files.length} file{files.length === 1 ? "" : "s"}, {sizeText(totalSize(files))}
          </Typography>
        )}
      </Stack>
      {files.length > 0 && (
        <List dense aria-label="Attached files">
          {files.map((f, i) => (
            <ListItem
              key={`${f.name}-${i}`}
              secondaryAction={
                <IconButton edge="end" aria-label={`Remove ${f.name}`} onClick={() => onDrop(i)} disabled={disabled}>
                  <DeleteIcon fontSize="small" />
                </IconButton>
              }
            >
              <ListItemText primary={f.name} secondary={sizeText(f.size)} />
            </ListItem>
          ))}
        </List>
      )}
      {error && <FormHelperText role="alert">{error}</FormHelperText>}
    </FormControl>
  );
}
