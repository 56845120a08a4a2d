/* global document, requestAnimationFrame, setTimeout */
// A page's first screen comes in its HTML (crates/web/src/first_screen.rs): this starts the web app
// (the module in data-entry) once the browser has painted that screen, so the phone shows the page
// before it fetches and evaluates the app; the preloads of the route's files wait in a template until
// then (fetched earlier, they would share the connection with the page's picture). A tab opened in
// the background paints no frames: the app then starts after a short wait.
(function () {
  var entry = document.currentScript && document.currentScript.getAttribute('data-entry');
  if (!entry) return;
  var started = false;
  function start() {
    if (started) return;
    started = true;
    var preloads = document.getElementById('shop-deferred-preloads');
    if (preloads && preloads.content) document.head.appendChild(preloads.content);
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
