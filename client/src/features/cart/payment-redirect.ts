/** Sends the browser to the payment page; a seam so tests can watch it (jsdom cannot navigate). */
export const paymentRedirect = {
  go(url: string) {
    window.location.assign(url);
  },
};
