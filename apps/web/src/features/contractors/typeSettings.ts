import {
  CONTRACTOR_LIMITS,
  CONTRACTOR_MESSAGES,
  type ContractorType,
  ContractorTypeWrite,
  MESSAGES,
} from "@portico/contract";
import type { TypeListDefinition } from "../../components/type-lists/definition.ts";
import {
  useContractorTypes,
  useCreateContractorType,
  useToggleContractorType,
  useUpdateContractorType,
} from "./api.ts";

/** Contractor companies (document 2 section 2, issue 16 item 9): a global list managers edit in a dialog. */
export const contractorTypeSettings: TypeListDefinition<ContractorType, ContractorTypeWrite> = {
  title: "Contractor companies",
  noun: "contractor company",
  note: "Changes to contractor companies apply to all buildings.",
  nameOf: (t) => t.company_name,
  columns: [],
  fields: [
    {
      name: "company_name",
      label: "Company name",
      kind: "text",
      required: true,
      max: CONTRACTOR_LIMITS.company_name,
    },
  ],
  schema: ContractorTypeWrite,
  toValues: (t) => ({ company_name: t?.company_name ?? "" }),
  lockedMessage: CONTRACTOR_MESSAGES.immutableType,
  savedMessage: MESSAGES.dataSaved,
  api: {
    useList: () => useContractorTypes(true),
    useCreate: useCreateContractorType,
    useUpdate: useUpdateContractorType,
    useToggle: useToggleContractorType,
  },
  form: { kind: "dialog" },
};
