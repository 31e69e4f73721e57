// Runs synchronously in <head> before first paint so a dark-theme or Arabic visitor never sees a
// flash of the wrong theme or direction. Kept as an external file because the CSP forbids inline scripts.
(function () {
  var root = document.documentElement;
  var supported = ['en', 'es', 'fr', 'de', 'it', 'pt', 'zh', 'ja', 'ko', 'ar'];
  try {
    if (localStorage.getItem('theme') === 'dark') root.classList.add('dark');
    var lang = localStorage.getItem('selectedLanguage');
    if (supported.indexOf(lang) === -1) lang = 'en';
    root.lang = lang;
    root.dir = lang === 'ar' ? 'rtl' : 'ltr';
  } catch (e) {
    // Storage can be blocked (private mode, sandboxed frames): keep the light, English defaults.
  }
})();
