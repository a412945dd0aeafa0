/** The limits of the transcription requests, stated by the DTOs, the query parsing and the OpenAPI document alike. */
export const REEL_URL_MAX = 4096;
/** An opaque cursor as this service writes it, with room to spare. */
export const CURSOR_MAX = 2048;
