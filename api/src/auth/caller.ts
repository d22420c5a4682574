/** Who is calling: the session's user id, or null for an anonymous visitor. */
export interface Caller {
  userId: string | null;
}
