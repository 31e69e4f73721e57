// Runs before first paint, so a dark-theme or Arabic visitor never sees a flash of the wrong theme or
// direction. Inlined into every HTML page by vite.config.ts (no request stands before first paint); the
// CSP allows it by the SHA-256 of its text, computed from the built pages at server start
// (server/plugins/security.ts). Plain ES5 in a function: it runs before any module, in every browser.
(function () {
  var root = document.documentElement;
  var supported = ['en', 'es', 'fr', 'de', 'it', 'pt', 'zh', 'ja', 'ko', 'ar'];
  try {
    if (localStorage.getItem('theme') === 'dark') root.classList.add('dark');
    // The server wrote the page in the language of its cookie, else the browser's (decision 0013).
    // A stored choice is the truth, and one the server did not know (its cookie cleared, expired
    // or never written) is told to it, and the page asked for again once: text the server wrote
    // is never hidden, and is shown in the wrong language only where no cookie can be written.
    var lang = localStorage.getItem('selectedLanguage');
    if (supported.indexOf(lang) === -1 || lang === root.lang) return;
    var cookie = 'pitchin_language=' + lang;
    var isWritten = root.hasAttribute('data-rendered-language');
    // Once a tab for each language: a server that still does not see the cookie is not asked in a loop.
    if (isWritten && sessionStorage.getItem('pitchinLanguageAsked') !== lang) {
      sessionStorage.setItem('pitchinLanguageAsked', lang);
      var askAgain = function () {
        location.replace(location.href);
      };
      // The synchronous cookie first: the page is asked for again before the browser gets a chance to
      // paint this one, which a promise (the Cookie Store API) resolving a task later does not ensure.
      document.cookie = cookie + '; path=/; max-age=31536000; samesite=lax';
      if (document.cookie.split('; ').indexOf(cookie) !== -1) return askAgain();
      if (window.cookieStore)
        return void cookieStore
          .set({ name: 'pitchin_language', value: lang, path: '/', expires: Date.now() + 31536e6, sameSite: 'lax' })
          .then(askAgain, function () {});
    }
    // Text the server wrote keeps its own lang and dir until the app has rendered it again (web/app/main.tsx).
    if (isWritten) return;
    root.lang = lang;
    root.dir = lang === 'ar' ? 'rtl' : 'ltr';
  } catch {
    // Storage can be blocked (private mode, sandboxed frames): keep the light theme and the server's language.
  }
})();
