// Two pieces of page furniture for the score sheet: a question in a modal dialog, and a download.

import { el } from "./scoresheet-view.js";

/** ask(title, text, [[value, label], ...], returnTo) for a <dialog> with [data-dialog-title],
 *  [data-dialog-text] and [data-dialog-choices] in it. Resolves to the chosen value, or "cancel"
 *  for Escape; the first choice is the primary one, the last (the safe one) has the focus. */
export function makeAsk(dialog) {
  const part = (name) => dialog.querySelector(`[data-dialog-${name}]`);
  return function ask(title, text, choices, returnTo) {
    part("title").textContent = title;
    part("text").textContent = text;
    const buttons = choices.map(([value, label], i) => el("button", { type: "button", value, class: i === 0 ? "primary" : null }, label));
    part("choices").replaceChildren(...buttons);
    return new Promise((resolve) => {
      const done = (value) => {
        dialog.removeEventListener("cancel", onCancel);
        if (dialog.open) dialog.close();
        if (returnTo && returnTo.isConnected) returnTo.focus();
        resolve(value);
      };
      const onCancel = (event) => { event.preventDefault(); done("cancel"); };
      dialog.addEventListener("cancel", onCancel);
      buttons.forEach((b) => b.addEventListener("click", () => done(b.value)));
      dialog.showModal();
      buttons[buttons.length - 1].focus();
    });
  };
}

/** Save text as a file in the browser's downloads; nothing leaves the machine. */
export function download(text, name, type) {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = el("a", { href: url, download: name });
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10000);
}
