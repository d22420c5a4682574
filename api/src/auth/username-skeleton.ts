import unhomoglyph from 'unhomoglyph';

// Look-alike usernames ("аdmin" with a Cyrillic а beside "admin") are refused by comparing their
// skeletons (Unicode Technical Standard #39, section 4): two strings that look the same have the
// same skeleton. unhomoglyph maps each character to its prototype from Unicode's confusables.txt;
// the normalisation around it is the standard's. A skeleton is only ever compared, never shown.

/** UTS #39 skeleton(X): NFD, default-ignorable code points removed, each character replaced by its prototype, NFD again. */
export function skeleton(text: string): string {
  return unhomoglyph(text.normalize('NFD').replace(/\p{Default_Ignorable_Code_Point}/gu, '')).normalize('NFD');
}

/**
 * The key two usernames collide on when they look alike or differ only in case or width: the
 * skeleton of the lower-cased name, lower-cased, repeated until it no longer changes (a prototype
 * may be a capital: "0" -> "O"), after NFKC (fullwidth "ａｄｍｉｎ" and mathematical letters are
 * compatibility forms of "admin", which confusables.txt leaves to NFKC). Stored in
 * users.username_skeleton, which is unique.
 */
export function usernameSkeleton(username: string): string {
  let key = username.normalize('NFKC');
  for (let round = 0; round < 4; round++) {
    const next = skeleton(key.toLowerCase()).toLowerCase();
    if (next === key) break;
    key = next;
  }
  return key;
}
