/** Date formats of the spec: MM/DD/YYYY, M/D/YY, h:mm a. */
import dayjs, { type ConfigType } from "dayjs";

export const DATE_FORMAT = "MM/DD/YYYY";
export const SHORT_DATE_FORMAT = "M/D/YY";
export const TIME_FORMAT = "h:mm a";
export const DATE_TIME_FORMAT = `${DATE_FORMAT} ${TIME_FORMAT}`;

const fmt = (value: ConfigType, format: string) => {
  if (value === null || value === undefined || value === "") return "";
  const d = dayjs(value);
  return d.isValid() ? d.format(format) : "";
};

export const formatDate = (v: ConfigType) => fmt(v, DATE_FORMAT);
export const formatShortDate = (v: ConfigType) => fmt(v, SHORT_DATE_FORMAT);
export const formatTime = (v: ConfigType) => fmt(v, TIME_FORMAT);
export const formatDateTime = (v: ConfigType) => fmt(v, DATE_TIME_FORMAT);
