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
    <name>trainscope::ui::TrainPage</name>
    <message numerus="yes">
      <source>Run folder: %1 · %2, %n thread(s)</source>
      <translation>
        <numerusform>Run folder: %1 · %2, %n thread</numerusform>
        <numerusform>Run folder: %1 · %2, %n threads</numerusform>
      </translation>
    </message>
  </context>
</TS>