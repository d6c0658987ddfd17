// A question a screen asks again whenever something changed (its list, its batch, the status).
// Each is its own request, and an older answer may arrive after a newer one on a busy machine:
// kept, it would put the screen back as it was (a sync's results still "sending" after it
// stopped). Only the newest question's answer, or its error, is shown.

export class NewestQuestion {
  #asked = 0;

  /** Starts a question; answers a function that says whether it is still the newest asked. */
  ask(): () => boolean {
    const question = ++this.#asked;
    return () => question === this.#asked;
  }
}
