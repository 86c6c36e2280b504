<?xml version='1.0' encoding='utf-8'?>
<TS version="2.1" language="en">
  <context>
    <name>trainscope::ui::BatchStepDialog</name>
    <message numerus="yes">
      <source>%n feature map(s)</source>
      <translation>
        <numerusform>%n feature map</numerusform>
        <numerusform>%n feature maps</numerusform>
      </translation>
    </message>
    <message numerus="yes">
      <source>%n value(s)</source>
      <translation>
        <numerusform>%n value</numerusform>
        <numerusform>%n values</numerusform>
      </translation>
    </message>
    <message numerus="yes">
      <source>…and %n more class(es)</source>
      <translation>
        <numerusform>…and %n more class(es)</numerusform>
        <numerusform>…and %n more class(es)</numerusform>
      </translation>
    </message>
    <message numerus="yes">
      <source>%n class(es)</source>
      <translation>
        <numerusform>%n class(es)</numerusform>
        <numerusform>%n class(es)</numerusform>
      </translation>
    </message>
  </context>
  <context>
    <name>trainscope::widgets::ConfusionMatrixView</name>
    <message numerus="yes">
      <source>True: %1
Predicted: %2
%n image(s), %3% of the class</source>
      <translation>
        <numerusform>True: %1
Predicted: %2
%n image, %3% of the class</numerusform>
        <numerusform>True: %1
Predicted: %2
%n images, %3% of the class</numerusform>
      </translation>
    </message>
  </context>
  <context>
    <name>trainscope::ui::FeatureMapView</name>
    <message numerus="yes">
      <source>%n selected (%1 of them training images, which the correction file can relabel or exclude)</source>
      <translation>
        <numerusform>%n selected (%1 of them training images, which the correction file can relabel or exclude)</numerusform>
        <numerusform>%n selected (%1 of them training images, which the correction file can relabel or exclude)</numerusform>
      </translation>
    </message>
    <message numerus="yes">
      <source>%n training image(s) relabelled as %1 in %2.</source>
      <translation>
        <numerusform>%n training image relabelled as %1 in %2.</numerusform>
        <numerusform>%n training images relabelled as %1 in %2.</numerusform>
      </translation>
    </message>
    <message numerus="yes">
      <source>%n training image(s) excluded from the next run in %1.</source>
      <translation>
        <numerusform>%n training image excluded from the next run in %1.</numerusform>
        <numerusform>%n training images excluded from the next run in %1.</numerusform>
      </translation>
    </message>
  </context>
  <context>
    <name>trainscope::ui::GraphDialog</name>
    <message numerus="yes">
      <source>Laying out %n node(s)…</source>
      <translation>
        <numerusform>Laying out %n node…</numerusform>
        <numerusform>Laying out %n nodes…</numerusform>
      </translation>
    </message>
  </context>
  <context>
    <name>trainscope::ui::GridDialog</name>
    <message numerus="yes">
      <source>%n run(s) will be queued.</source>
      <translation>
        <numerusform>%n run will be queued.</numerusform>
        <numerusform>%n runs will be queued.</numerusform>
      </translation>
    </message>
  </context>
  <context>
    <name>trainscope::ui::HealthPanel</name>
    <message numerus="yes">
      <source>%n image(s)</source>
      <translation>
        <numerusform>%n image</numerusform>
        <numerusform>%n images</numerusform>
      </translation>
    </message>
  </context>
  <context>
    <name>trainscope::ui::InspectPage</name>
    <message numerus="yes">
      <source>Probes on: statistics every step, histograms every %n step(s).</source>
      <translation>
        <numerusform>Probes on: statistics every step, histograms every %n step.</numerusform>
        <numerusform>Probes on: statistics every step, histograms every %n steps.</numerusform>
      </translation>
    </message>
    <message numerus="yes">
      <source>no histograms yet (one every %n step(s))</source>
      <translation>
        <numerusform>no histograms yet (one every %n step)</numerusform>
        <numerusform>no histograms yet (one every %n steps)</numerusform>
      </translation>
    </message>
  </context>
  <context>
    <name>trainscope::ui::LeaderboardDialog</name>
    <message numerus="yes">
      <source>%n run(s) collected, tagged "%1"</source>
      <translation>
        <numerusform>%n run collected, tagged "%1"</numerusform>
        <numerusform>%n runs collected, tagged "%1"</numerusform>
      </translation>
    </message>
    <message numerus="yes">
      <source>(%n already there)</source>
      <translation>
        <numerusform>(%n already there)</numerusform>
        <numerusform>(%n already there)</numerusform>
      </translation>
    </message>
  </context>
  <context>
    <name>trainscope::ui::MistakesPage</name>
    <message numerus="yes">
      <source>Labels ranked by the area under the margin (how far below the best other class each label's score stayed over the epochs). %n correction(s) so far, in %1; the next run of this dataset trains on them.</source>
      <translation>
        <numerusform>Labels ranked by the area under the margin (how far below the best other class each label's score stayed over the epochs). %n correction so far, in %1; the next run of this dataset trains on them.</numerusform>
        <numerusform>Labels ranked by the area under the margin (how far below the best other class each label's score stayed over the epochs). %n corrections so far, in %1; the next run of this dataset trains on them.</numerusform>
      </translation>
    </message>
    <message numerus="yes">
      <source>True %1, predicted %2 (last epoch): %n image(s)</source>
      <translation>
        <numerusform>True %1, predicted %2 (last epoch): %n image</numerusform>
        <numerusform>True %1, predicted %2 (last epoch): %n images</numerusform>
      </translation>
    </message>
    <message numerus="yes">
      <source>%n image(s), from the last epoch</source>
      <translation>
        <numerusform>%n image, from the last epoch</numerusform>
        <numerusform>%n images, from the last epoch</numerusform>
      </translation>
    </message>
  </context>
  <context>
    <name>trainscope::ui::PredictDialog</name>
    <message numerus="yes">
      <source>Classifying %n image(s)…</source>
      <translation>
        <numerusform>Classifying %n image…</numerusform>
        <numerusform>Classifying %n images…</numerusform>
      </translation>
    </message>
  </context>
  <context>
    <name>trainscope::ui::ResumeBanner</name>
    <message numerus="yes">
      <source>%1 stopped early after %2 of its %n epoch(s): its validation metric had stopped improving. It can still train further from its checkpoint, in the same run.</source>
      <translation>
        <numerusform>%1 stopped early after %2 of its %n epoch: its validation metric had stopped improving. It can still train further from its checkpoint, in the same run.</numerusform>
        <numerusform>%1 stopped early after %2 of its %n epochs: its validation metric had stopped improving. It can still train further from its checkpoint, in the same run.</numerusform>
      </translation>
    </message>
    <message numerus="yes">
      <source>%1 trained all its %n epoch(s). It can train further from its checkpoint, in the same run.</source>
      <translation>
        <numerusform>%1 trained all its %n epoch. It can train further from its checkpoint, in the same run.</numerusform>
        <numerusform>%1 trained all its %n epochs. It can train further from its checkpoint, in the same run.</numerusform>
      </translation>
    </message>
    <message numerus="yes">
      <source>%1 of %n epoch(s), step %2</source>
      <translation>
        <numerusform>%1 of %n epoch, step %2</numerusform>
        <numerusform>%1 of %n epochs, step %2</numerusform>
      </translation>
    </message>
    <message numerus="yes">
      <source>%1 has completed %2 of its %n epoch(s). Train until epoch:</source>
      <translation>
        <numerusform>%1 has completed %2 of its %n epoch. Train until epoch:</numerusform>
        <numerusform>%1 has completed %2 of its %n epochs. Train until epoch:</numerusform>
      </translation>
    </message>
  </context>
  <context>
    <name>trainscope::ui::RunActions</name>
    <message numerus="yes">
      <source>Imported %n TensorBoard run(s) into %1:</source>
      <translation>
        <numerusform>Imported %n TensorBoard run into %1:</numerusform>
        <numerusform>Imported %n TensorBoard runs into %1:</numerusform>
      </translation>
    </message>
  </context>
  <context>
    <name>trainscope::ui::SampleDetail</name>
    <message numerus="yes">
      <source>Forgotten %n time(s) (right, then wrong in a later epoch)</source>
      <translation>
        <numerusform>Forgotten %n time (right, then wrong in a later epoch)</numerusform>
        <numerusform>Forgotten %n times (right, then wrong in a later epoch)</numerusform>
      </translation>
    </message>
  </context>
  <context>
    <name>trainscope::ui::TrainPage</name>
    <message numerus="yes">
      <source> · %1 of %n thread(s) while other work holds the CPUs</source>
      <translation>
        <numerusform> · %1 of %n thread while other work holds the CPUs</numerusform>
        <numerusform> · %1 of %n threads while other work holds the CPUs</numerusform>
      </translation>
    </message>
    <message numerus="yes">
      <source> · %n thread(s), waiting asleep while other work holds the CPUs</source>
      <translation>
        <numerusform> · %n thread, waiting asleep while other work holds the CPUs</numerusform>
        <numerusform> · %n threads, waiting asleep while other work holds the CPUs</numerusform>
      </translation>
    </message>
    <message numerus="yes">
      <source>Run folder: %1 · %2, %n thread(s)</source>
      <translation>
        <numerusform>Run folder: %1 · %2, %n thread</numerusform>
        <numerusform>Run folder: %1 · %2, %n threads</numerusform>
      </translation>
    </message>
  </context>
  <context>
    <name>trainscope::ui::TryCameraDialog</name>
    <message numerus="yes">
      <source>Stopped after %n frame(s).</source>
      <translation>
        <numerusform>Stopped after %n frame.</numerusform>
        <numerusform>Stopped after %n frames.</numerusform>
      </translation>
    </message>
  </context>
</TS>