import { type Resolver, useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { useSnackbar } from "notistack";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import {
  type Vendor,
  VENDOR_EXCEL_COLUMNS,
  VENDOR_LIMITS,
  VENDOR_MESSAGES,
  type VendorColumn,
  VendorFields,
} from "@portico/contract";
import { FormTextField, fieldGrid } from "../../../components/FormFields.tsx";
import { SideDrawer } from "../../../components/SideDrawer.tsx";
import { applyServerErrors } from "../../../lib/forms.ts";
import { useBuilding } from "../../../lib/session.tsx";
import { useCreateVendor, useUpdateVendor } from "../api.ts";

type Values = Record<VendorColumn, string>;

export const VENDOR_LABELS: Record<VendorColumn, string> = {
  name: "Name",
  category: "Category",
  address: "Address",
  city: "City",
  state: "State",
  zip: "Zip",
  phone: "Phone",
  email: "Email",
  website: "Website",
};

const valuesOf = (v: Vendor | null): Values =>
  Object.fromEntries(VENDOR_EXCEL_COLUMNS.map((k) => [k, v?.[k] ?? ""])) as Values;

/** Add or edit a vendor in a drawer: name required, the rest optional (the contract's limits). */
export function VendorDrawer({
  open,
  vendor,
  onClose,
}: {
  open: boolean;
  /** The vendor being edited; null: a new one. */
  vendor: Vendor | null;
  onClose: () => void;
}) {
  return (
    <SideDrawer open={open} onClose={onClose} title={vendor ? `Edit ${vendor.name}` : "Add vendor"}>
      {open && <VendorForm key={vendor?.id ?? "new"} vendor={vendor} onDone={onClose} />}
    </SideDrawer>
  );
}

function VendorForm({ vendor, onDone }: { vendor: Vendor | null; onDone: () => void }) {
  const { id: building } = useBuilding();
  const { enqueueSnackbar } = useSnackbar();
  const create = useCreateVendor();
  const update = useUpdateVendor();
  const form = useForm<Values, unknown, VendorFields>({
    mode: "onTouched",
    resolver: zodResolver(VendorFields as never) as unknown as Resolver<Values, unknown, VendorFields>,
    defaultValues: valuesOf(vendor),
  });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (body) => {
    form.clearErrors("root");
    try {
      if (vendor) await update.mutateAsync({ id: vendor.id, body });
      else await create.mutateAsync({ ...body, building });
      enqueueSnackbar(vendor ? VENDOR_MESSAGES.updated : VENDOR_MESSAGES.created, { variant: "success" });
      onDone();
    } catch (error) {
      applyServerErrors(error, form, { fields: VENDOR_EXCEL_COLUMNS });
    }
  });

  const text = (name: VendorColumn, extra: { type?: string; autoFocus?: boolean } = {}) => (
    <FormTextField
      control={form.control}
      name={name}
      label={VENDOR_LABELS[name]}
      required={name === "name"}
      fullWidth
      size="small"
      slotProps={{ htmlInput: { maxLength: VENDOR_LIMITS[name] } }}
      {...extra}
    />
  );

  return (
    <Box component="form" noValidate onSubmit={onSubmit} aria-label="Vendor" sx={{ display: "grid", gap: 2 }}>
      {text("name", { autoFocus: true })}
      {text("category")}
      {text("address")}
      <Box sx={fieldGrid({ sm: "2fr 1fr 1fr" })}>
        {text("city")}
        {text("state")}
        {text("zip")}
      </Box>
      <Box sx={fieldGrid({ sm: "1fr 1fr" })}>
        {text("phone", { type: "tel" })}
        {text("email", { type: "email" })}
      </Box>
      {text("website", { type: "url" })}
      {errors.root?.serverError && <Alert severity="error">{errors.root.serverError.message}</Alert>}
      <Box sx={{ display: "flex", gap: 1 }}>
        <Button type="submit" variant="contained" loading={isSubmitting}>
          Save
        </Button>
        <Button onClick={onDone} disabled={isSubmitting}>
          Cancel
        </Button>
      </Box>
    </Box>
  );
}
