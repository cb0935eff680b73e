/** Request body limits shared by features. The app-wide default is 1 MiB (app.ts). */

/** A list of up to 100,000 player ids of up to 10 digits does not fit the default 1 MiB. */
export const BULK_ID_BODY_LIMIT = 2 * 1024 * 1024;
