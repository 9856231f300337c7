// "You will be signed out soon": opens before the session's idle timeout, then signs out.
const dialog = document.getElementById('timeout-warning');

if (dialog && typeof dialog.showModal === 'function') {
  const timeoutMs = Number(dialog.dataset.timeoutSeconds) * 1000;
  const warningMs = Number(dialog.dataset.warningSeconds) * 1000;
  const countdown = document.getElementById('timeout-warning-countdown');
  let warnTimer;
  let endTimer;
  let tick;

  const schedule = () => {
    clearTimeout(warnTimer);
    clearTimeout(endTimer);
    clearInterval(tick);
    const deadline = Date.now() + timeoutMs;
    warnTimer = setTimeout(
      () => {
        dialog.showModal();
        tick = setInterval(() => {
          const left = Math.max(0, Math.round((deadline - Date.now()) / 1000));
          countdown.textContent = left >= 60 ? `${Math.ceil(left / 60)} minutes` : `${left} seconds`;
        }, 1000);
      },
      Math.max(0, timeoutMs - warningMs),
    );
    endTimer = setTimeout(() => {
      window.location.href = dialog.dataset.timedOutUrl;
    }, timeoutMs);
  };

  document.getElementById('timeout-warning-stay')?.addEventListener('click', async () => {
    const reply = await fetch(dialog.dataset.keepAliveUrl, { credentials: 'same-origin' });
    if (!reply.ok) {
      window.location.href = dialog.dataset.timedOutUrl;
      return;
    }
    clearInterval(tick);
    dialog.close();
    schedule();
  });

  schedule();
}
