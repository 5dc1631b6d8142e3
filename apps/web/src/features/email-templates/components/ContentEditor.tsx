import TextField from "@mui/material/TextField";

/**
 * A template's HTML content. The same props as the shared rich-text editor
 * (`components/RichTextEditor.tsx`: value, onChange, label), which takes its place where present.
 */
export function ContentEditor({
  value,
  onChange,
  label,
}: {
  value: string;
  onChange: (html: string) => void;
  label: string;
}) {
  return (
    <TextField
      label={label}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      multiline
      minRows={16}
      fullWidth
      slotProps={{ htmlInput: { "aria-label": label, style: { fontFamily: "monospace" } } }}
    />
  );
}
