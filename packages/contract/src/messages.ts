/** The user-facing message catalogue, word for word as the spec gives it. */
export const MESSAGES = {
  noBuildingAccess: "You do not have access to this building",
  noBuildings: "There are no buildings for you to view. Please contact representative or admin.",
  connectionProblem: "There was a problem connecting to the Portico server.",
  notFoundTitle: "404 - Page not found.",
  notFoundBody: "Sorry, but this page doesn't exist.",
  crashed: "Something went wrong. Please refresh the page.",
  failedList: (name: string) => `Error: ${name}`,
  widgetError: (message: string) => `An error occurred: ${message}`,
  noResults: "No results",
  noMatchingResults: "No matching results for this search criteria",
  networkNotOk: "Network response was not ok",
  fileTooLarge: "File Too Large, please select a file under 48 MB",
  formError: "An error has occurred.",
  offline: "You are now offline. Any edits will not be saved.",
  backOnline: "You are now back online.",
  offlinePage: "You are offline. Any edits will not be saved. When you get back online, the page may refresh.",
  refreshPrompt: "Please refresh to view the latest version of Portico",
  fieldRequired: "This field is required.",
  fieldRequiredNoDot: "This field is required",
  invalidDate: "Invalid date",
  /** A date range whose end comes before its start (search filters; the spec has no wording). */
  endBeforeStart: "The end date must be on or after the start date.",
  /** A search list's empty text while its date filters are invalid (nothing is searched). */
  fixDatesToSearch: "Correct the dates above to search.",
  /** A text over its limit (the server's wording for every length limit). */
  maxLength: (max: number) => `Ensure this field has no more than ${max} characters.`,
  dataSaved: "Data has been saved",
  dataSuccessfullySaved: "Data successfully saved",
  /** Server-side */
  notFound: "Not found.",
  notAuthenticated: "Authentication credentials were not provided.",
  invalidToken: "Given token not valid for any token type",
  permissionDenied: "You do not have permission to perform this action.",
  invalidLogin: "Invalid username or password.",
  tooManyAttempts: "Too many sign-in attempts. Please wait a few minutes and try again.",
} as const;
