// Composition root (placeholder until the playground lands).
document.getElementById('app')!.textContent = 'Tracer Playground';
