/** The words of one language that say what a link, or the sentence before it, does. */
export interface LinkWords {
  /** The link verifies an address, signs in, finishes sign-up, resets a password or approves. */
  action: readonly string[];
  /**
   * The link is furniture or leads away from the action: unsubscribe, view in browser,
   * preferences, privacy/terms/help, report, "not you", secure your account, deny/block.
   */
  decoy: readonly string[];
  /**
   * Opens a sentence about what to do if the reader did NOT do something ("If not, change your
   * password", "If this wasn't you…"): the link it introduces is a way out, not the action.
   */
  remedy: readonly string[];
  /**
   * A subject with one of these reports something done (an order, a shipment, a receipt, a
   * booking, an invitation): a notice, even when it says "confirmation".
   */
  notice: readonly string[];
  /** Says to ignore the mail: such a sentence is never a remedy ("if not you, ignore this"). */
  ignore: readonly string[];
}
