import { useEffect, useId, useRef, useState, type ChangeEvent, type ReactNode } from "react";
import { EditorContent, useEditor, useEditorState, type Editor } from "@tiptap/react";
import StarterKit from "@tiptap/starter-kit";
import Image from "@tiptap/extension-image";
import { TableKit } from "@tiptap/extension-table";
import TextAlign from "@tiptap/extension-text-align";
import Box from "@mui/material/Box";
import Divider from "@mui/material/Divider";
import FormHelperText from "@mui/material/FormHelperText";
import IconButton from "@mui/material/IconButton";
import Stack from "@mui/material/Stack";
import Tooltip from "@mui/material/Tooltip";
import Typography from "@mui/material/Typography";
import FormatBoldIcon from "@mui/icons-material/FormatBold";
import FormatItalicIcon from "@mui/icons-material/FormatItalic";
import FormatUnderlinedIcon from "@mui/icons-material/FormatUnderlined";
import StrikethroughSIcon from "@mui/icons-material/StrikethroughS";
import FormatListBulletedIcon from "@mui/icons-material/FormatListBulleted";
import FormatListNumberedIcon from "@mui/icons-material/FormatListNumbered";
import FormatQuoteIcon from "@mui/icons-material/FormatQuote";
import FormatAlignLeftIcon from "@mui/icons-material/FormatAlignLeft";
import FormatAlignCenterIcon from "@mui/icons-material/FormatAlignCenter";
import FormatAlignRightIcon from "@mui/icons-material/FormatAlignRight";
import InsertLinkIcon from "@mui/icons-material/InsertLink";
import TableChartIcon from "@mui/icons-material/TableChart";
import ImageIcon from "@mui/icons-material/Image";
import UndoIcon from "@mui/icons-material/Undo";
import RedoIcon from "@mui/icons-material/Redo";
import { MEMO_EDITOR_HEIGHT, MEMO_IMAGE_LIMIT_BYTES, MEMO_MESSAGES } from "@portico/contract";

export interface RichTextEditorProps {
  /** The document as HTML. */
  value: string;
  onChange: (html: string) => void;
  /** The editing area's accessible name (also shown above the toolbar). */
  label: string;
  /** Height of the editing area in pixels (it scrolls beyond); default 500. */
  height?: number;
  error?: string | null;
  helperText?: ReactNode;
  /** More toolbar controls after the built-in ones (e.g. a template picker). */
  toolbarExtra?: ReactNode;
  disabled?: boolean;
}

const EMPTY_HTML = "<p></p>";

/** Read an image file as a data: URL, refusing files over the editor's 1 MB limit. */
function readImage(file: File): Promise<string> {
  if (file.size > MEMO_IMAGE_LIMIT_BYTES) return Promise.reject(new Error(MEMO_MESSAGES.imageTooLarge));
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () =>
      reject(new Error(`${MEMO_MESSAGES.fileReadFailed}${reader.error?.message ?? "unknown error"}`));
    reader.readAsDataURL(file);
  });
}

interface ToolState {
  bold: boolean;
  italic: boolean;
  underline: boolean;
  strike: boolean;
  h2: boolean;
  h3: boolean;
  bulletList: boolean;
  orderedList: boolean;
  blockquote: boolean;
  left: boolean;
  center: boolean;
  right: boolean;
  link: boolean;
  canUndo: boolean;
  canRedo: boolean;
}

function toolState(editor: Editor): ToolState {
  return {
    bold: editor.isActive("bold"),
    italic: editor.isActive("italic"),
    underline: editor.isActive("underline"),
    strike: editor.isActive("strike"),
    h2: editor.isActive("heading", { level: 2 }),
    h3: editor.isActive("heading", { level: 3 }),
    bulletList: editor.isActive("bulletList"),
    orderedList: editor.isActive("orderedList"),
    blockquote: editor.isActive("blockquote"),
    left: editor.isActive({ textAlign: "left" }),
    center: editor.isActive({ textAlign: "center" }),
    right: editor.isActive({ textAlign: "right" }),
    link: editor.isActive("link"),
    canUndo: editor.can().undo(),
    canRedo: editor.can().redo(),
  };
}

function ToolButton(props: {
  label: string;
  active?: boolean;
  disabled?: boolean;
  onClick: () => void;
  children: ReactNode;
}) {
  return (
    <Tooltip title={props.label}>
      <span>
        <IconButton
          size="small"
          aria-label={props.label}
          aria-pressed={props.active === undefined ? undefined : props.active}
          color={props.active ? "primary" : "default"}
          disabled={props.disabled}
          onMouseDown={(e) => e.preventDefault()}
          onClick={props.onClick}
        >
          {props.children}
        </IconButton>
      </span>
    </Tooltip>
  );
}

/**
 * The rich-text editor of memos and templates (TipTap): formatting, lists, alignment, links,
 * tables and inline images (≤ 1 MB, kept as data: URLs; the server mails them as inline parts).
 */
export function RichTextEditor({
  value,
  onChange,
  label,
  height = MEMO_EDITOR_HEIGHT,
  error,
  helperText,
  toolbarExtra,
  disabled,
}: RichTextEditorProps) {
  const id = useId();
  const fileRef = useRef<HTMLInputElement>(null);
  const [imageError, setImageError] = useState<string | null>(null);
  const onChangeRef = useRef(onChange);
  useEffect(() => {
    onChangeRef.current = onChange;
  }, [onChange]);

  const editor = useEditor({
    extensions: [
      StarterKit.configure({ heading: { levels: [1, 2, 3, 4] }, link: { openOnClick: false } }),
      Image.configure({ allowBase64: true }),
      TableKit.configure({ table: { resizable: false } }),
      TextAlign.configure({ types: ["heading", "paragraph"] }),
    ],
    content: value || EMPTY_HTML,
    editable: !disabled,
    editorProps: {
      attributes: {
        "aria-label": label,
        "aria-multiline": "true",
        role: "textbox",
        ...(error ? { "aria-invalid": "true", "aria-describedby": `${id}-help` } : {}),
      },
    },
    onUpdate: ({ editor: e }) => onChangeRef.current(e.isEmpty ? "" : e.getHTML()),
  });

  // Outside changes (a reset, a template, a restored draft) replace the document.
  useEffect(() => {
    if (!editor) return;
    const current = editor.isEmpty ? "" : editor.getHTML();
    if ((value || "") !== current) editor.commands.setContent(value || EMPTY_HTML, { emitUpdate: false });
  }, [editor, value]);

  useEffect(() => {
    if (editor && editor.isEditable === Boolean(disabled)) editor.setEditable(!disabled, false);
  }, [editor, disabled]);

  const state = useEditorState({ editor, selector: ({ editor: e }) => (e ? toolState(e) : null) });

  const run = (fn: (e: Editor) => void) => () => {
    if (editor) fn(editor);
  };

  const setLink = () => {
    if (!editor) return;
    const previous = (editor.getAttributes("link").href as string | undefined) ?? "";
    const href = window.prompt("Link address", previous);
    if (href === null) return;
    if (href.trim() === "") editor.chain().focus().extendMarkRange("link").unsetLink().run();
    else editor.chain().focus().extendMarkRange("link").setLink({ href: href.trim() }).run();
  };

  const onImage = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = "";
    if (!file || !editor) return;
    if (!file.type.startsWith("image/")) return;
    try {
      const src = await readImage(file);
      setImageError(null);
      editor.chain().focus().setImage({ src, alt: file.name }).run();
    } catch (e) {
      setImageError((e as Error).message);
    }
  };

  const shownError = imageError ?? error ?? null;
  const off = disabled || !editor;
  const s = state ?? undefined;

  return (
    <Box>
      <Typography
        component="div"
        variant="body2"
        color={shownError ? "error" : "text.secondary"}
        id={`${id}-label`}
        sx={{ mb: 0.5 }}
      >
        {label}
      </Typography>
      <Box
        sx={{
          border: 1,
          borderColor: shownError ? "error.main" : "divider",
          borderRadius: 1,
          "& .tiptap": { outline: "none", minHeight: height - 32, px: 2, py: 1 },
          "& .tiptap table": { borderCollapse: "collapse", width: "100%" },
          "& .tiptap td, & .tiptap th": { border: 1, borderColor: "divider", p: 0.5, verticalAlign: "top" },
          "& .tiptap img": { maxWidth: "100%" },
          "& .tiptap blockquote": { borderLeft: 3, borderColor: "divider", pl: 1.5, ml: 0 },
        }}
      >
        <Stack
          direction="row"
          role="toolbar"
          aria-label={`${label} formatting`}
          aria-controls={`${id}-content`}
          sx={{ px: 0.5, py: 0.25, borderBottom: 1, borderColor: "divider", flexWrap: "wrap", alignItems: "center" }}
        >
          <ToolButton
            label="Bold"
            active={s?.bold}
            disabled={off}
            onClick={run((e) => e.chain().focus().toggleBold().run())}
          >
            <FormatBoldIcon fontSize="small" />
          </ToolButton>
          <ToolButton
            label="Italic"
            active={s?.italic}
            disabled={off}
            onClick={run((e) => e.chain().focus().toggleItalic().run())}
          >
            <FormatItalicIcon fontSize="small" />
          </ToolButton>
          <ToolButton
            label="Underline"
            active={s?.underline}
            disabled={off}
            onClick={run((e) => e.chain().focus().toggleUnderline().run())}
          >
            <FormatUnderlinedIcon fontSize="small" />
          </ToolButton>
          <ToolButton
            label="Strikethrough"
            active={s?.strike}
            disabled={off}
            onClick={run((e) => e.chain().focus().toggleStrike().run())}
          >
            <StrikethroughSIcon fontSize="small" />
          </ToolButton>
          <Divider orientation="vertical" flexItem sx={{ mx: 0.5 }} />
          <ToolButton
            label="H2 heading"
            active={s?.h2}
            disabled={off}
            onClick={run((e) => e.chain().focus().toggleHeading({ level: 2 }).run())}
          >
            <Typography component="span" variant="button" sx={{ fontSize: 13 }}>
              H2
            </Typography>
          </ToolButton>
          <ToolButton
            label="H3 heading"
            active={s?.h3}
            disabled={off}
            onClick={run((e) => e.chain().focus().toggleHeading({ level: 3 }).run())}
          >
            <Typography component="span" variant="button" sx={{ fontSize: 13 }}>
              H3
            </Typography>
          </ToolButton>
          <ToolButton
            label="Bulleted list"
            active={s?.bulletList}
            disabled={off}
            onClick={run((e) => e.chain().focus().toggleBulletList().run())}
          >
            <FormatListBulletedIcon fontSize="small" />
          </ToolButton>
          <ToolButton
            label="Numbered list"
            active={s?.orderedList}
            disabled={off}
            onClick={run((e) => e.chain().focus().toggleOrderedList().run())}
          >
            <FormatListNumberedIcon fontSize="small" />
          </ToolButton>
          <ToolButton
            label="Quote"
            active={s?.blockquote}
            disabled={off}
            onClick={run((e) => e.chain().focus().toggleBlockquote().run())}
          >
            <FormatQuoteIcon fontSize="small" />
          </ToolButton>
          <Divider orientation="vertical" flexItem sx={{ mx: 0.5 }} />
          <ToolButton
            label="Align left"
            active={s?.left}
            disabled={off}
            onClick={run((e) => e.chain().focus().setTextAlign("left").run())}
          >
            <FormatAlignLeftIcon fontSize="small" />
          </ToolButton>
          <ToolButton
            label="Align center"
            active={s?.center}
            disabled={off}
            onClick={run((e) => e.chain().focus().setTextAlign("center").run())}
          >
            <FormatAlignCenterIcon fontSize="small" />
          </ToolButton>
          <ToolButton
            label="Align right"
            active={s?.right}
            disabled={off}
            onClick={run((e) => e.chain().focus().setTextAlign("right").run())}
          >
            <FormatAlignRightIcon fontSize="small" />
          </ToolButton>
          <Divider orientation="vertical" flexItem sx={{ mx: 0.5 }} />
          <ToolButton label="Link" active={s?.link} disabled={off} onClick={setLink}>
            <InsertLinkIcon fontSize="small" />
          </ToolButton>
          <ToolButton
            label="Insert table"
            disabled={off}
            onClick={run((e) => e.chain().focus().insertTable({ rows: 3, cols: 3, withHeaderRow: true }).run())}
          >
            <TableChartIcon fontSize="small" />
          </ToolButton>
          <ToolButton label="Insert image" disabled={off} onClick={() => fileRef.current?.click()}>
            <ImageIcon fontSize="small" />
          </ToolButton>
          <input
            ref={fileRef}
            type="file"
            accept="image/*"
            hidden
            aria-label="Image file"
            onChange={(e) => void onImage(e)}
          />
          <Divider orientation="vertical" flexItem sx={{ mx: 0.5 }} />
          <ToolButton label="Undo" disabled={off || !s?.canUndo} onClick={run((e) => e.chain().focus().undo().run())}>
            <UndoIcon fontSize="small" />
          </ToolButton>
          <ToolButton label="Redo" disabled={off || !s?.canRedo} onClick={run((e) => e.chain().focus().redo().run())}>
            <RedoIcon fontSize="small" />
          </ToolButton>
          {toolbarExtra ? (
            <>
              <Divider orientation="vertical" flexItem sx={{ mx: 0.5 }} />
              {toolbarExtra}
            </>
          ) : null}
        </Stack>
        <Box id={`${id}-content`} sx={{ height, overflowY: "auto" }}>
          <EditorContent editor={editor} />
        </Box>
      </Box>
      {shownError || helperText ? (
        <FormHelperText id={`${id}-help`} error={Boolean(shownError)}>
          {shownError ?? helperText}
        </FormHelperText>
      ) : null}
    </Box>
  );
}
