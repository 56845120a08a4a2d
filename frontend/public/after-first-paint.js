// A product page's first screen comes in its HTML (crates/web/src/first_screen.rs): this starts the
// web app (the module in data-entry, already fetched by a modulepreload) once the browser has painted
// that screen with its picture, so the phone shows the product before it spends its time evaluating
// the app. A tab opened in the background paints no frames: the app then starts after a wait.
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
  function afterPaint() {
    requestAnimationFrame(function () {
      setTimeout(start, 0);
    });
  }
  var picture = document.querySelector('#shop-first-screen .pic img');
  if (picture && !picture.complete) {
    picture.addEventListener('load', afterPaint);
    picture.addEventListener('error', afterPaint);
  } else {
    afterPaint();
  }
  setTimeout(start, 3000);
})();
