/* global window, document */
/*
 * Runs before the add-in's bundles, in whatever engine Office gives the pane, so it is written for the
 * oldest (ES5, no modules, no arrow functions):
 * - Where Office still shows add-ins with Internet Explorer (perpetual Office 2019 and older, or a Windows
 *   Office without the WebView2 Runtime), the ES2022 bundles cannot even be parsed: say in plain words
 *   what is needed (Microsoft 365 or Office 2021 and later, with WebView2) instead of a blank pane.
 * - Opened in a browser outside Excel, office.js defines no CustomFunctions, and the functions bundle would
 *   stop the page with "CustomFunctions is not defined": give it a stand-in that registers nothing, so the
 *   pane can say "open this inside Excel" (taskpane.ts).
 */
(function () {
  var oldEngine =
    typeof document.documentMode === 'number' ||
    typeof window.Promise !== 'function' ||
    typeof window.fetch !== 'function';
  if (oldEngine) {
    window.JOBPRICE_UNSUPPORTED = true;
    var say = function () {
      document.body.innerHTML =
        '<div style="font-family:Segoe UI,sans-serif;padding:16px;line-height:1.5" role="alert">' +
        '<h1 style="font-size:18px">JobPrice cannot run in this version of Office</h1>' +
        '<p>JobPrice needs Microsoft 365 or Office 2021 or later, which show add-ins with Microsoft Edge ' +
        'WebView2. This Office shows add-ins with Internet Explorer, which cannot run it.</p>' +
        '<p>Update Office (on Windows, install the WebView2 Runtime if it is missing), or use JobPrice in ' +
        'Excel on the web.</p></div>';
    };
    if (document.body) say();
    else document.addEventListener('DOMContentLoaded', say);
    return;
  }
  if (typeof window.CustomFunctions === 'undefined') {
    var Stand = function (code, message) {
      this.code = code;
      this.message = message;
    };
    window.CustomFunctions = {
      outsideExcel: true,
      associate: function () {},
      Error: Stand,
      ErrorCode: { invalidValue: '#VALUE!', notAvailable: '#N/A' },
    };
  }
})();
