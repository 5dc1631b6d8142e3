import { useId, useState } from "react";
import { useSnackbar } from "notistack";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Dialog from "@mui/material/Dialog";
import DialogContent from "@mui/material/DialogContent";
import DialogTitle from "@mui/material/DialogTitle";
import Typography from "@mui/material/Typography";
import DrawIcon from "@mui/icons-material/Draw";
import { MAINTENANCE_MESSAGES, type MaintenanceRequest } from "@portico/contract";
import { useEditMaintenanceRequest } from "../api.ts";
import { SignaturePad } from "./SignaturePad.tsx";

/** The line a resident signs on paper. */
export function SigningLine() {
  return (
    <Box data-testid="signing-line" sx={{ display: "flex", alignItems: "flex-end", gap: 1, mt: 3, maxWidth: 480 }}>
      <Typography component="span">Signature:</Typography>
      <Box aria-hidden sx={{ flex: 1, borderBottom: 1, borderColor: "text.primary", height: 24 }} />
      <Typography component="span" sx={{ ml: 2 }}>
        Date:
      </Typography>
      <Box aria-hidden sx={{ width: 120, borderBottom: 1, borderColor: "text.primary", height: 24 }} />
    </Box>
  );
}

/**
 * The request's signature (only with the building setting has_signatures): the signed image;
 * without one, 'Get signature' opening the pad (saved as signature_url with PATCH), or on
 * paper a line to sign on.
 */
export function SignatureBlock({
  request,
  building,
  printing,
}: {
  request: MaintenanceRequest;
  building: number;
  printing: boolean;
}) {
  const id = useId();
  const { enqueueSnackbar } = useSnackbar();
  const edit = useEditMaintenanceRequest(building);
  const [open, setOpen] = useState(false);

  if (request.signature_url)
    return (
      <Box
        component="img"
        src={request.signature_url}
        alt="Signature"
        sx={{
          maxWidth: 320,
          maxHeight: 200,
          objectFit: "contain",
          width: "100%",
          border: 1,
          borderColor: "divider",
          borderRadius: 1,
          bgcolor: "#fff",
        }}
      />
    );
  if (printing) return <SigningLine />;

  const save = async (image: string) => {
    await edit.mutateAsync({ id: request.id, body: { signature_url: image } });
    enqueueSnackbar(MAINTENANCE_MESSAGES.signatureSaved, { variant: "success" });
    setOpen(false);
  };

  return (
    <>
      <Typography variant="body2" sx={{ color: "text.secondary", mb: 1 }}>
        Not signed yet.
      </Typography>
      <Button variant="outlined" startIcon={<DrawIcon />} onClick={() => setOpen(true)}>
        Get signature
      </Button>
      <Dialog
        open={open}
        onClose={edit.isPending ? undefined : () => setOpen(false)}
        aria-labelledby={`${id}-title`}
        maxWidth="sm"
        fullWidth
      >
        <DialogTitle id={`${id}-title`}>Get signature</DialogTitle>
        <DialogContent>{open && <SignaturePad onSubmit={save} onCancel={() => setOpen(false)} />}</DialogContent>
      </Dialog>
    </>
  );
}
