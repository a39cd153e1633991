/**
 * Limits of the API specification ("Limits") that more than one operation checks. An operation file exports its
 * description and execute; a limit another room needs lives here.
 */

/** Tag name: 1 to 32 characters (create tag; also the tags Draft Create and Update name). */
export const TAG_NAME_MAX = 32;

/** Queue date range: larger than 62 days rejected (GET queue; also Validate Only's look at the queue). */
export const QUEUE_MAX_DAYS = 62;
