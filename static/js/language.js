// The language pickers (setup screen and menu): the choice is kept in this browser and the page of
// that language is opened (static/js/prefs.js picks it on later visits). A match in play is saved
// after every move; the new page continues it where it was (app.js reads the flag set here).
import { LANG, LANGUAGES } from "./text.js";

const LANG_KEY = "mexican-train:prefs:lang";
export const RESUME_KEY = "mexican-train:resume";

/**
 * Wire every [data-language] picker; ``inMatch()`` says whether a match is on screen to continue.
 * @param {() => boolean} inMatch
 */
export function attachLanguagePickers(inMatch) {
  for (const select of /** @type {NodeListOf<HTMLSelectElement>} */ (document.querySelectorAll("select[data-language]"))) {
    select.value = LANG;
    select.addEventListener("change", () => {
      const entry = LANGUAGES.find(([code]) => code === select.value);
      if (!entry || entry[0] === LANG) return;
      try { localStorage.setItem(LANG_KEY, entry[0]); } catch (e) { /* not kept: this visit only */ }
      try { if (inMatch()) sessionStorage.setItem(RESUME_KEY, "1"); } catch (e) { /* starts on the setup screen */ }
      const params = new URLSearchParams(location.search);
      params.delete("lang");   // the choice made here wins over the address's
      const query = params.toString();
      location.assign(entry[2] + (query ? "?" + query : "") + location.hash);
    });
  }
}

/** True once: this page was opened by a language change in the middle of a match. */
export function takeResume() {
  try {
    const flag = sessionStorage.getItem(RESUME_KEY) === "1";
    sessionStorage.removeItem(RESUME_KEY);
    return flag;
  } catch (e) {
    return false;
  }
}
