/** The media types the spec language gives a meaning to: JSON bodies, and form-encoded ones (decodeFormBody). */
export const JSON_MEDIA_TYPE = "application/json";
export const FORM_MEDIA_TYPE = "application/x-www-form-urlencoded";
