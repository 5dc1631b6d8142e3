/** The shared date field, where the unit profile forms have always found it. */
export { DateField } from "../../../../components/DateField.tsx";
