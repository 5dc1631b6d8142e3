/** Date formats of the spec: MM/DD/YYYY, M/D/YY, h:mm a. */
import dayjs, { type ConfigType } from "dayjs";

export const DATE_FORMAT = "MM/DD/YYYY";
export const TIME_FORMAT = "h:mm a";
export const DATE_TIME_FORMAT = `${DATE_FORMAT} ${TIME_FORMAT}`;

const fmt = (value: ConfigType, format: string) => {
  if (value === null || value === undefined || value === "") return "";
  const d = dayjs(value);
  return d.isValid() ? d.format(format) : "";
};

export const formatDate = (v: ConfigType) => fmt(v, DATE_FORMAT);
