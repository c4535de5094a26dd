// The theme, applied before the first paint: a blocking script from the app's own origin (the
// content security policy allows no inline script). It reads the choice the app keeps on this
// device (src/lib/theme.ts: same key, same values) and sets <html data-theme>; "system" follows
// the device's setting, also when it changes while the page is open.
(function () {
  var root = document.documentElement;
  var dark = window.matchMedia ? window.matchMedia('(prefers-color-scheme: dark)') : null;

  function choice() {
    try {
      var kept = window.localStorage.getItem('fitstreak:theme');
      return kept === 'light' || kept === 'dark' ? kept : 'system';
    } catch {
      return 'system';
    }
  }

  function apply() {
    var chosen = choice();
    root.dataset.theme = chosen === 'system' ? (dark && dark.matches ? 'dark' : 'light') : chosen;
  }

  apply();
  if (dark && dark.addEventListener) dark.addEventListener('change', apply);
})();
