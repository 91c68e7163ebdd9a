// Cookie-Hinweis: Auswahl merken und Banner ausblenden.
document.addEventListener('DOMContentLoaded', function () {
  var banner = document.getElementById('cookie-consent');
  if (!banner) return;
  if (localStorage.getItem('swh-consent')) banner.classList.add('versteckt');
  banner.querySelectorAll('button[data-consent]').forEach(function (b) {
    b.addEventListener('click', function () {
      localStorage.setItem('swh-consent', b.getAttribute('data-consent'));
      banner.classList.add('versteckt');
    });
  });
  document.querySelectorAll('[data-cookie-settings]').forEach(function (a) {
    a.addEventListener('click', function (e) { e.preventDefault(); banner.classList.remove('versteckt'); });
  });
});
