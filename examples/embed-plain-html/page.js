// Partners listen to cf-* events; cancel cf-navigate to route links yourself.
document.addEventListener('cf-navigate', (event) => {
  event.preventDefault();
  document.getElementById('last-navigation').textContent = `Creatorflow asked to open ${event.detail.href}`;
});
