/**
 * What to show of a choice kept with the account (the theme, the language), read from the server
 * once the person is in: the account's value when it differs from what this device showed when it
 * asked, unless the person chose anew on this device while the answer was on its way (then the
 * newer choice stays). Null when there is nothing to change.
 */
export function accountChoiceToShow<Choice>(
  askedWith: Choice,
  now: Choice,
  fromAccount: Choice,
): Choice | null {
  return now === askedWith && fromAccount !== askedWith ? fromAccount : null;
}
