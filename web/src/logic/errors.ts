// Errors in words: every protocol ErrorCode has a sentence in the catalogue
// ("error.UNKNOWN_ROOM"); the server's own message (English, for developers)
// and the code's name are never shown.
import { ErrorCode } from "../gen/brethren/v1/protocol_pb";

/** The catalogue key of an error code's sentence. */
export function errorKey(code: ErrorCode | number | undefined): string {
  const name = code === undefined ? undefined : ErrorCode[code];
  return name && name !== "ERROR_CODE_UNSPECIFIED" ? `error.${name}` : "error.generic";
}

/** Every code's key (the catalogue test checks each has a sentence). */
export function allErrorKeys(): string[] {
  return Object.values(ErrorCode)
    .filter((v): v is number => typeof v === "number")
    .map((c) => errorKey(c));
}

/** The key for an HTTP status of the history API. */
export function httpErrorKey(status: number): string {
  if (status === 404) return "error.http.notFound";
  if (status === 401 || status === 403) return "error.http.forbidden";
  if (status === 409 || status === 425) return "error.NOT_FINISHED";
  return "error.generic";
}
