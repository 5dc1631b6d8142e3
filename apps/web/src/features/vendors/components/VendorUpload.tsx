import { useRef, useState } from "react";
import { useSnackbar } from "notistack";
import Button from "@mui/material/Button";
import Typography from "@mui/material/Typography";
import FileUploadIcon from "@mui/icons-material/FileUpload";
import { VENDOR_EXCEL_MIME, VENDOR_MESSAGES } from "@portico/contract";
import { ConfirmDialog } from "../../../components/ConfirmDialog.tsx";
import { serverErrorText } from "../../../lib/forms.ts";
import { useUploadVendors } from "../api.ts";

/** An .xlsx file (by name, or by type when the name has no extension). */
export const isXlsx = (file: File) =>
  /\.xlsx$/i.test(file.name) || (!/\.[^.]+$/.test(file.name) && file.type === VENDOR_EXCEL_MIME);

/**
 * 'Upload Excel': pick an .xlsx file, confirm that it replaces every vendor of the building,
 * then send it; the server's errors (a row without a name, a file it cannot read) stay in the
 * dialog.
 */
export function VendorUpload({ building }: { building: number }) {
  const { enqueueSnackbar } = useSnackbar();
  const input = useRef<HTMLInputElement>(null);
  const upload = useUploadVendors(building);
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);

  const choose = (chosen: File | undefined) => {
    if (input.current) input.current.value = "";
    if (!chosen) return;
    if (!isXlsx(chosen)) {
      enqueueSnackbar(VENDOR_MESSAGES.xlsxOnly, { variant: "error", autoHideDuration: 4000 });
      return;
    }
    setError(null);
    setFile(chosen);
  };
  const close = () => {
    if (!upload.isPending) setFile(null);
  };
  const send = () => {
    if (!file) return;
    setError(null);
    upload.mutate(file, {
      onSuccess: (result) => {
        enqueueSnackbar(VENDOR_MESSAGES.uploaded(result.count), { variant: "success" });
        setFile(null);
      },
      onError: (err) => setError(serverErrorText(err)),
    });
  };

  return (
    <>
      <Button variant="outlined" size="small" startIcon={<FileUploadIcon />} onClick={() => input.current?.click()}>
        Upload Excel
      </Button>
      <input
        ref={input}
        type="file"
        hidden
        accept={`.xlsx,${VENDOR_EXCEL_MIME}`}
        aria-label="Vendors Excel file"
        onChange={(e) => choose(e.target.files?.[0])}
      />
      <ConfirmDialog
        open={file !== null}
        title="Upload vendors"
        confirmLabel="Upload and replace"
        danger
        busy={upload.isPending}
        error={error}
        onConfirm={send}
        onClose={close}
      >
        <Typography component="span" sx={{ display: "block" }}>
          {VENDOR_MESSAGES.confirmUpload}
        </Typography>
        {file && (
          <Typography component="span" sx={{ display: "block", mt: 1, fontWeight: 600, wordBreak: "break-all" }}>
            {file.name}
          </Typography>
        )}
      </ConfirmDialog>
    </>
  );
}
