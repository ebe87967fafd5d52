/** The Interaction tab's keyboard help: only keys the product really answers to. */
export const KEYBOARD_HELP: readonly { keys: readonly string[]; action: string }[] = [
  { keys: ['Tab'], action: 'Move to the next link, button or field' },
  { keys: ['Shift', 'Tab'], action: 'Move to the previous one' },
  { keys: ['Enter'], action: 'Follow a link or press a button' },
  { keys: ['Space'], action: 'Press a button, tick a box or turn a switch on or off' },
  { keys: ['←', '→'], action: 'Move between tabs; ↑ ↓ move between options' },
  { keys: ['Esc'], action: 'Close a dialog or the menu' },
  { keys: ['F8'], action: 'Go to the notifications' },
  { keys: ['/'], action: 'Go to the search box; ↑ ↓ move through its results, Enter opens one, Esc closes them' },
];
