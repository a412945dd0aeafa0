/** Makes an opaque, signed cursor of a text and opens it again; a forged or altered one opens to null. */
export interface CursorSealer {
  seal(content: string): string;
  open(cursor: string): string | null;
}
