import {
  CONTRACTOR_MESSAGES as M,
  ContractorType,
  ContractorTypePatch,
  ContractorTypeQuery,
  ContractorTypeWrite,
} from "@portico/contract";
import { topics } from "../../lib/change-feed.ts";
import { defineTypeList } from "../../lib/type-lists/service.ts";
import { typeRows } from "./repository.ts";

/**
 * Contractor companies (document 2 sections 3 and 7): a global list every staff member reads
 * (GET /contractors/types/, active ones by name; show_all for the settings screen), managers edit.
 */
export const contractorTypeList = defineTypeList({
  path: "/contractors/types/",
  noun: "contractor company",
  tags: ["contractors"],
  rows: typeRows,
  topic: topics.contractorTypes,
  can: { view: "contractor.use", manage: "contractor_types.manage" },
  schemas: { item: ContractorType, write: ContractorTypeWrite, patch: ContractorTypePatch, query: ContractorTypeQuery },
  messages: { nameTaken: M.companyNameTaken, immutable: M.immutableType },
  nameField: "company_name",
  toItem: (t): ContractorType => ({
    id: t.id,
    company_name: t.company_name,
    is_active: t.is_active,
    is_immutable: t.is_immutable,
  }),
  values: (b: ContractorTypePatch) => ({ company_name: b.company_name, is_active: b.is_active }),
  defaults: { is_active: true, is_immutable: false },
});
