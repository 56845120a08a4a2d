/* global document, requestAnimationFrame, setTimeout */
// A product page's first screen comes in its HTML (crates/web/src/first_screen.rs): this starts the
// web app (the module in data-entry, already fetched by a modulepreload) once the browser has painted
// that screen, so the phone shows the product before it spends its time evaluating the app. A tab
// opened in the background paints no frames: the app then starts after a short wait.
(function () {
  var entry = document.currentScript && document.currentScript.getAttribute('data-entry');
  if (!entry) return;
  var started = false;
  function start() {
    if (started) return;
    started = true;
    var script = document.createElement('script');
    script.type = 'module';
    script.crossOrigin = '';
    script.src = entry;
    document.head.appendChild(script);
  }
  requestAnimationFrame(function () {
    setTimeout(start, 0);
  });
  setTimeout(start, 200);
})();
