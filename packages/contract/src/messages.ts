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
  /** Input of the wrong kind and out-of-range numbers (the server's wording, shown under the field). */
  notAString: "Not a valid string.",
  notABoolean: "Must be a valid boolean.",
  notAList: "Expected a list of items.",
  integerRequired: "A valid integer is required.",
  mayNotBeBlank: "This field may not be blank.",
  maxValue: (max: number) => `Ensure this value is less than or equal to ${max}.`,
  minValue: (min: number) => `Ensure this value is greater than or equal to ${min}.`,
  invalidChoice: (value: unknown) => `Select a valid choice. ${String(value)} is not one of the available choices.`,
  dataSaved: "Data has been saved",
  dataSuccessfullySaved: "Data successfully saved",
  /** Server-side */
  notFound: "Not found.",
  databaseUnavailable: "The database is unavailable. Please retry in a few seconds.",
  notAuthenticated: "Authentication credentials were not provided.",
  invalidToken: "Given token not valid for any token type",
  permissionDenied: "You do not have permission to perform this action.",
  invalidLogin: "Invalid username or password.",
  tooManyAttempts: "Too many sign-in attempts. Please wait a few minutes and try again.",
  /** Input the API refuses before any handler reads it. */
  nullCharacters: "Null characters are not allowed.",
  surrogateCharacters: "Surrogate characters are not allowed.",
  jsonParseError: "JSON parse error.",
  jsonTooDeep: "JSON parse error - nested too deeply.",
  unsupportedMediaType: "Unsupported media type in request.",
  /** Inline edits (document 3 section 5): saved, or failed (the value reverts). */
  inlineEditSaved: (label: string) => `${label} successfully updated.`,
  inlineEditFailed: (label: string) => `Error when attempting to update ${label}. Please retry in 10 seconds.`,
} as const;

/** Front-desk instructions (document 2; wording of our own where the spec gives none). */
export const INSTRUCTION_MESSAGES = {
  expiresTonight: "Expires tonight at midnight",
  longTerm: "Long term",
  expirationRequired: "An expiration date is required for this instruction type.",
  endBeforeStart: "The expiration date cannot be before the start date.",
  startDateLocked: "The start date cannot be changed after the instruction is created.",
  notActive: "Only active instructions can be expired.",
  inactiveType: "This instruction type is not active.",
  immutableType: "This instruction type cannot be edited.",
  typeNameTaken: "instruction type with this name already exists.",
  photoRequired: "Please select a photo.",
  searchAll: "Search all front desk instructions",
  recentlyExpired: "Recently expired instructions",
  securityList: "Active security / do not allow list",
  arrived: "Arrived",
} as const;

/** Access keys (document 2; wording of our own where the spec gives none). */
export const KEY_MESSAGES = {
  notMapped: "This RFID tag is not mapped to a registered key.",
  alreadyRegistered: "This RFID tag is already registered.",
  validKey: "Valid Key",
  updateFailed: "Error when attempting to update key. Please retry in 10 seconds.",
  reportedMissing: "This key has been reported missing. Please scan the key in now.",
  noAvailableKey: "No available key",
  duplicateKey: "Duplicate key",
  allScanned: "All keys scanned!",
  lastScanned: "Last scanned",
  scanAnother: "Scan another key",
  currentJourney: "Current Key Journey",
  currentlyOutTo: "Currently out to",
  /** The scanned tag is another key's: where that key belongs. */
  wrongKey: (name: string, apartment: string, location: string | null) =>
    `This is key ${name} of unit ${apartment}${location ? `; please return it to ${location}` : ""}.`,
  notThisKey: "The scanned key is not this key.",
  featureOff: "Access keys are not enabled for this building.",
  inactive: "This key has been deactivated.",
  alreadyMissing: "This key is already reported missing.",
  alreadyOut: "This key is already out.",
  alreadyIn: "This key is already in.",
  photoRequired: "A photo of the recipient is required.",
  recipientRequired: "Please choose who takes the key.",
  invalidRecipient: "This recipient may not take this key.",
  scanRequired: "Please scan the key.",
  permanentDeactivation: "A deactivated key cannot be reactivated.",
  oneChange: "Send one change at a time: a status, a name or is_active.",
  registerActive: "A key is registered active.",
  locationNameTaken: "key location with this name already exists.",
  invalidLocation: "This location is not active.",
} as const;

/** Lockouts (document 2 sections 2, 5, 8; wording of our own where the spec gives none). */
export const LOCKOUT_MESSAGES = {
  created: "Lockout created, click to View all lockouts",
  deleted: "Lockout deleted!",
  noRegisteredGuests: "There are currently no registered guests for this unit.",
  noResidents: "There are currently no residents for this unit.",
  notAGuestOfUnit: "This instruction is not an active registered guest of this unit.",
  notAResidentOfUnit: "This occupant is not a resident of this unit.",
  reasonRequired: "Please enter a reason.",
  title: "Lockouts",
  createTitle: "Create new lockout",
  viewAll: "View all lockouts",
  empty: "No lockouts",
} as const;

/** Contractors (document 2 sections 2, 5, 8; document 3 sections 7, 9; wording of our own where the spec gives none). */
export const CONTRACTOR_MESSAGES = {
  logged: "Contractor visit logged",
  closed: "Contractor visit closed",
  exited: (time: string) => `Exited ${time}`,
  noteRequired: "Please enter a note",
  noteAdded: "Note added",
  alreadyClosed: "This contractor visit is already closed.",
  photoRequired: "Please select a photo.",
  companyRequired: "Please choose a contractor company or type a new one.",
  companyNameTaken: "contractor type with this company name already exists.",
  immutableType: "This contractor company cannot be edited.",
  inactiveType: "This contractor company is not active.",
  checkOut: "Check out",
  checkOutConfirm: "Are you sure you want to check this contractor out?",
  inBuilding: "In Building",
  viewAll: "View all contractors",
  empty: "No contractor visits",
} as const;
