//! CPU cost of one frame of the table screen, per game, at desktop and phone size: the app's
//! logic and UI, plus tessellating what it drew into triangles — everything but the GPU's
//! part. Driven through egui_kittest, which also builds the AccessKit tree each frame, so the
//! figures are an upper bound of the app's own cost. Run: `cargo bench -p cardtable-app-bench --bench frame`.

use cardtable::app::CardtableApp;
use cardtable::ui::start::StartChoice;
use cardtable_engine::GameKind;
use criterion::{Criterion, criterion_group, criterion_main};
use egui_kittest::Harness;

/// A quick game of `kind`, played by the bots until it is the person's turn.
fn table(kind: GameKind, size: [f32; 2]) -> Harness<'static, CardtableApp> {
    let mut harness = Harness::builder().with_size(size).build_eframe(move |cc| {
        let mut app = CardtableApp::new(cc, 7);
        app.start_choice(StartChoice::QuickPlay(kind));
        app
    });
    // Ten simulated seconds: the bots before the person have moved, cards have landed.
    harness.run_steps(40);
    harness
}

fn table_frame(c: &mut Criterion) {
    for &kind in GameKind::ALL {
        for (size_name, size) in [("desktop", [1280.0, 800.0]), ("phone", [360.0, 640.0])] {
            let mut harness = table(kind, size);
            c.bench_function(&format!("table frame {kind} {size_name}"), |bencher| {
                bencher.iter(|| {
                    harness.step();
                    let shapes = harness.output().shapes.clone();
                    let pixels_per_point = harness.output().pixels_per_point;
                    std::hint::black_box(harness.ctx.tessellate(shapes, pixels_per_point));
                });
            });
        }
    }
}

criterion_group!(benches, table_frame);
criterion_main!(benches);
