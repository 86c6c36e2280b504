<?xml version='1.0' encoding='utf-8'?>
<TS version="2.1" language="zh_CN">
  <context>
    <name>trainscope::ui::BatchStepDialog</name>
    <message>
      <source>What the network sees</source>
      <translation>网络看到了什么</translation>
    </message>
    <message>
      <source>What the network sees — step %1</source>
      <translation>网络看到了什么 —— 第 %1 步</translation>
    </message>
    <message>
      <source>&lt;b&gt;Step %1&lt;/b&gt;: the batch's first image went through every layer below.&lt;br&gt;Label: &lt;b&gt;%2&lt;/b&gt; · predicted: &lt;b style='color:%5'&gt;%3&lt;/b&gt; (%4)&lt;br&gt;Loss of this batch: %6. Press F7 again for the next batch, F6 to train on.</source>
      <translation>&lt;b&gt;第 %1 步&lt;/b&gt;：该批次的第一张图像依次经过了下面的每一层。&lt;br&gt;标签：&lt;b&gt;%2&lt;/b&gt; · 预测：&lt;b style='color:%5'&gt;%3&lt;/b&gt;（%4）&lt;br&gt;本批次的损失：%6。再按 F7 看下一个批次，按 F6 继续训练。</translation>
    </message>
    <message>
      <source>first %1 of %2 feature maps</source>
      <translation>%2 个特征图中的前 %1 个</translation>
    </message>
    <message numerus="yes">
      <source>%n feature map(s)</source>
      <translation>
        <numerusform>%n 个特征图</numerusform>
      </translation>
    </message>
    <message numerus="yes">
      <source>%n value(s)</source>
      <translation>
        <numerusform>%n 个数值</numerusform>
      </translation>
    </message>
    <message>
      <source>Bright is high, dark is low; each map is scaled to its own range.</source>
      <translation>亮表示高，暗表示低；每个特征图按各自的范围缩放。</translation>
    </message>
    <message>
      <source>the image's label</source>
      <translation>这张图像的标签</translation>
    </message>
    <message numerus="yes">
      <source>…and %n more class(es)</source>
      <translation>
        <numerusform>……以及另外 %n 个类别</numerusform>
      </translation>
    </message>
    <message>
      <source>&lt;b&gt;softmax&lt;/b&gt;&lt;br&gt;of the last layer</source>
      <translation>&lt;b&gt;softmax&lt;/b&gt;&lt;br&gt;最后一层的输出</translation>
    </message>
    <message>
      <source>The last layer's outputs (the logits) turned into probabilities: what the model says.</source>
      <translation>最后一层的输出（logits）变成概率：模型的回答。</translation>
    </message>
    <message numerus="yes">
      <source>%n class(es)</source>
      <translation>
        <numerusform>%n 个类别</numerusform>
      </translation>
    </message>
  </context>
  <context>
    <name>trainscope::ui::BreakpointReport</name>
    <message>
      <source>At step %1 the loss (%2) rose to %3 times its running mean (%4); the limit is %5.</source>
      <translation>第 %1 步的损失（%2）升到其移动平均值（%4）的 %3 倍；上限为 %5 倍。</translation>
    </message>
    <message>
      <source>After epoch %1 the validation metric fell to %2, %3 below its best so far (%4); the limit is %5.</source>
      <translation>第 %1 轮后验证指标降到 %2，比目前最佳值（%4）低 %3；上限为 %5。</translation>
    </message>
    <message>
      <source>At step %1, %2% of the outputs of %3 are zero; the limit is %4%.</source>
      <translation>第 %1 步时，%3 的输出中有 %2% 为零；上限为 %4%。</translation>
    </message>
    <message>
      <source>The run is paused. Look at it (Inspect, Mistakes), resume it, or rewind it to an earlier checkpoint and fork it with other settings.</source>
      <translation>运行已暂停。可以先查看它（检查页、错误页），继续训练，或回退到更早的检查点并用其他设置派生（fork）一个新运行。</translation>
    </message>
  </context>
  <context>
    <name>trainscope::widgets::ClassChart</name>
    <message>
      <source>train</source>
      <translation>训练</translation>
    </message>
    <message>
      <source>rows</source>
      <translation>行数</translation>
    </message>
    <message>
      <source>validation</source>
      <translation>验证</translation>
    </message>
  </context>
  <context>
    <name>trainscope::ui::CliChild</name>
    <message>
      <source>cannot write %1</source>
      <translation>无法写入 %1</translation>
    </message>
    <message>
      <source>trainscope-cli was not found next to the app</source>
      <translation>在应用程序旁未找到 trainscope-cli</translation>
    </message>
    <message>
      <source>trainscope-cli could not start</source>
      <translation>trainscope-cli 无法启动</translation>
    </message>
  </context>
  <context>
    <name>trainscope::ui::ComparePage</name>
    <message>
      <source>could not write %1</source>
      <translation>无法写入 %1</translation>
    </message>
    <message>
      <source>Export the comparison</source>
      <translation>导出比较</translation>
    </message>
    <message>
      <source>PNG image (*.png);;SVG image (*.svg);;PDF (*.pdf);;CSV data, every point (*.csv)</source>
      <translation>PNG 图像 (*.png);;SVG 图像 (*.svg);;PDF (*.pdf);;CSV 数据，包含每个点 (*.csv)</translation>
    </message>
    <message>
      <source>Export</source>
      <translation>导出</translation>
    </message>
    <message>
      <source>Could not export: %1</source>
      <translation>无法导出：%1</translation>
    </message>
    <message>
      <source>Run</source>
      <translation>运行</translation>
    </message>
    <message>
      <source>Status</source>
      <translation>状态</translation>
    </message>
    <message>
      <source>Best val acc</source>
      <translation>最佳验证准确率</translation>
    </message>
    <message>
      <source>Final val acc</source>
      <translation>最终验证准确率</translation>
    </message>
    <message>
      <source>Model</source>
      <translation>模型</translation>
    </message>
    <message>
      <source>Optimizer</source>
      <translation>优化器</translation>
    </message>
    <message>
      <source>LR</source>
      <translation>学习率</translation>
    </message>
    <message>
      <source>Weight decay</source>
      <translation>权重衰减</translation>
    </message>
    <message>
      <source>Time</source>
      <translation>时间</translation>
    </message>
    <message>
      <source>Dataset</source>
      <translation>数据集</translation>
    </message>
    <message>
      <source>Tags</source>
      <translation>标签</translation>
    </message>
    <message>
      <source>Tick the runs to overlay</source>
      <translation>勾选要叠加显示的运行</translation>
    </message>
    <message>
      <source>Filter: name, status, model, tag…</source>
      <translation>筛选：名称、状态、模型、标签…</translation>
    </message>
    <message>
      <source>Refresh</source>
      <translation>刷新</translation>
    </message>
    <message>
      <source>Selected run</source>
      <translation>所选运行</translation>
    </message>
    <message>
      <source>The selected run (a right click on a run too): resume it, rename, tag, annotate or delete it, export its trained model for Python, OpenCV or ONNX, try it on images, write it as TensorBoard event files, or bundle it for reproduction on another machine.</source>
      <translation>所选的运行（也可在运行上点右键）：恢复训练，重命名、加标签、写备注或删除，把训练好的模型导出给 Python、OpenCV 或 ONNX，用图像试一试，写成 TensorBoard 事件文件，或打包以便在另一台机器上复现。</translation>
    </message>
    <message>
      <source>TensorBoard's smoothing: a debiased exponential moving average; the raw curve stays faint behind.</source>
      <translation>TensorBoard 式平滑：去偏的指数移动平均；原始曲线以浅色留在后面。</translation>
    </message>
    <message>
      <source>Log scale</source>
      <translation>对数坐标</translation>
    </message>
    <message>
      <source>Save plot…</source>
      <translation>保存图表…</translation>
    </message>
    <message>
      <source>The plot as PNG, SVG or PDF, or its data as CSV (every point).</source>
      <translation>将图表导出为 PNG、SVG 或 PDF，或将其数据导出为 CSV（包含每个点）。</translation>
    </message>
    <message>
      <source>Curve:</source>
      <translation>曲线：</translation>
    </message>
    <message>
      <source>by</source>
      <translation>按</translation>
    </message>
    <message>
      <source>Smoothing %1</source>
      <translation>平滑 %1</translation>
    </message>
    <message>
      <source>Hide</source>
      <translation>隐藏</translation>
    </message>
    <message>
      <source>Runs in %1</source>
      <translation>%1 中的运行</translation>
    </message>
    <message>
      <source>Runs in %1: cannot be read (%2)</source>
      <translation>%1 中的运行：无法读取（%2）</translation>
    </message>
    <message>
      <source>Note: %1</source>
      <translation>备注：%1</translation>
    </message>
    <message>
      <source>Damaged: %1</source>
      <translation>已损坏：%1</translation>
    </message>
  </context>
  <context>
    <name>trainscope::widgets::ConfusionMatrixView</name>
    <message numerus="yes">
      <source>True: %1
Predicted: %2
%n image(s), %3% of the class</source>
      <translation>
        <numerusform>真实：%1
预测：%2
%n 张图像，占该类的 %3%</numerusform>
      </translation>
    </message>
  </context>
  <context>
    <name>trainscope::widgets::DataMapPlot</name>
    <message>
      <source>variability (spread of p(label) over the epochs)</source>
      <translation>变异性（p(标签) 在各 epoch 间的离散程度）</translation>
    </message>
    <message>
      <source>confidence (mean p(label))</source>
      <translation>置信度（p(标签) 的均值）</translation>
    </message>
  </context>
  <context>
    <name>trainscope::ui::DataPage</name>
    <message>
      <source>Overview</source>
      <translation>概览</translation>
    </message>
    <message>
      <source>Skipped</source>
      <translation>已跳过</translation>
    </message>
    <message>
      <source>Augmentation</source>
      <translation>数据增强</translation>
    </message>
    <message>
      <source>Health check</source>
      <translation>健康检查</translation>
    </message>
    <message>
      <source>Class balance per split, image sizes, mean/std</source>
      <translation>各划分的类别分布、图像尺寸、均值/标准差</translation>
    </message>
    <message>
      <source>The files the import skipped, and why</source>
      <translation>导入时跳过的文件及原因</translation>
    </message>
    <message>
      <source>A preview of the training augmentation on the selected image</source>
      <translation>在所选图像上预览训练时的数据增强</translation>
    </message>
    <message>
      <source>Duplicates, leaks between the splits, conflicting labels, outliers</source>
      <translation>重复图像、划分之间的泄漏、相互矛盾的标签、离群值</translation>
    </message>
    <message>
      <source>Fashion-MNIST (built in)</source>
      <translation>Fashion-MNIST（内置）</translation>
    </message>
    <message>
      <source>70,000 small grayscale pictures of clothes in 10 classes: the classic first dataset.</source>
      <translation>70,000 张 10 个类别的服装小型灰度图片：经典的入门数据集。</translation>
    </message>
    <message>
      <source>Open image folder…</source>
      <translation>打开图像文件夹…</translation>
    </message>
    <message>
      <source>A folder with one sub-folder per class (root/&lt;class&gt;/&lt;image&gt;), as torchvision's ImageFolder expects. You can also drop a folder on the window.</source>
      <translation>每个类别一个子文件夹的文件夹（root/&lt;class&gt;/&lt;image&gt;），与 torchvision 的 ImageFolder 要求一致。也可以将文件夹拖放到窗口上。</translation>
    </message>
    <message>
      <source>Open table (CSV)…</source>
      <translation>打开表格（CSV）…</translation>
    </message>
    <message>
      <source>A CSV file with a header row, one row per example: the model learns to predict one column from the others (a class, or a number). Separators , ; or tab.</source>
      <translation>带表头行的 CSV 文件，每行一个样本：模型学习用其余列预测某一列（类别或数值）。分隔符可为逗号、分号或制表符。</translation>
    </message>
    <message>
      <source>Open text folder…</source>
      <translation>打开文本文件夹…</translation>
    </message>
    <message>
      <source>A folder with one sub-folder per class holding .txt files, one document each (root/&lt;class&gt;/*.txt). A CSV with a column of text: open it as a table.</source>
      <translation>每个类别一个子文件夹、其中每个 .txt 文件是一篇文档的文件夹（root/&lt;class&gt;/*.txt）。含有一列文本的 CSV：请作为表格打开。</translation>
    </message>
    <message>
      <source>Cancel</source>
      <translation>取消</translation>
    </message>
    <message>
      <source>No dataset yet</source>
      <translation>尚无数据集</translation>
    </message>
    <message>
      <source>Training split</source>
      <translation>训练集</translation>
    </message>
    <message>
      <source>Validation split</source>
      <translation>验证集</translation>
    </message>
    <message>
      <source>Compute mean/std</source>
      <translation>计算均值/标准差</translation>
    </message>
    <message>
      <source>Measures the per-channel mean and standard deviation of the training images and writes them into the experiment's Normalize. ImageNet's values are a poor fit for data that does not look like ImageNet.</source>
      <translation>测量训练图像每个通道的均值和标准差，并写入实验的 Normalize。ImageNet 的数值不适合与 ImageNet 不相似的数据。</translation>
    </message>
    <message>
      <source>File</source>
      <translation>文件</translation>
    </message>
    <message>
      <source>Why it was skipped</source>
      <translation>跳过原因</translation>
    </message>
    <message>
      <source>Checking %1 of %2: %3</source>
      <translation>正在检查第 %1 / %2 个：%3</translation>
    </message>
    <message>
      <source>No dataset: %1</source>
      <translation>无数据集：%1</translation>
    </message>
    <message>
      <source>Classify with the latest trained model</source>
      <translation>用最近训练的模型分类</translation>
    </message>
    <message>
      <source>Only images in files can be classified</source>
      <translation>只能对文件中的图像进行分类</translation>
    </message>
    <message>
      <source>Image sizes are measured when a folder is imported.</source>
      <translation>导入文件夹时会测量图像尺寸。</translation>
    </message>
    <message>
      <source>%1 images. Width min/median/max: %2 / %3 / %4 px. Height: %5 / %6 / %7 px. Channels in the files: %8 grayscale, %9 RGB, %10 RGBA.</source>
      <translation>%1 张图像。宽度 最小/中位/最大：%2 / %3 / %4 px。高度：%5 / %6 / %7 px。文件中的通道：%8 张灰度，%9 张 RGB，%10 张 RGBA。</translation>
    </message>
    <message>
      <source>%1 classes, %2 training and %3 validation images.
%4</source>
      <translation>%1 个类别，%2 张训练图像和 %3 张验证图像。
%4</translation>
    </message>
    <message>
      <source>Skipped (%1)</source>
      <translation>已跳过（%1）</translation>
    </message>
    <message>
      <source>All classes</source>
      <translation>所有类别</translation>
    </message>
    <message>
      <source>%1 images</source>
      <translation>%1 张图像</translation>
    </message>
    <message>
      <source>%1 · %2 · %3×%4 px</source>
      <translation>%1 · %2 · %3×%4 px</translation>
    </message>
    <message>
      <source>%1 · %2
%3×%4 px, %5</source>
      <translation>%1 · %2
%3×%4 px，%5</translation>
    </message>
    <message>
      <source>Measuring the training images…</source>
      <translation>正在测量训练图像…</translation>
    </message>
    <message>
      <source>Not applied: the dataset changed while it was measured.</source>
      <translation>未应用：测量期间数据集发生了变化。</translation>
    </message>
    <message>
      <source>Not measured: %1</source>
      <translation>未测量：%1</translation>
    </message>
    <message>
      <source>Normalize set to mean %1, std %2 (%3 images).</source>
      <translation>Normalize 已设为均值 %1，标准差 %2（%3 张图像）。</translation>
    </message>
    <message>
      <source> Channel %1 never varies: its std is set to 1.</source>
      <translation> 通道 %1 没有任何变化：其标准差设为 1。</translation>
    </message>
    <message>
      <source>The selected image, then 8 versions from the experiment's training transforms exactly as the data loader will produce them. Re-roll for other random draws.</source>
      <translation>所选图像，以及由实验的训练变换生成的 8 个版本，与数据加载器产生的完全一致。点击“重新抽取”可获得其他随机结果。</translation>
    </message>
    <message>
      <source>The training transforms have no random step: every version is the same image, and Re-roll changes nothing. The standard augmentation (a random resized crop, a horizontal flip, a little colour jitter) shows the model new views each epoch.</source>
      <translation>训练变换中没有随机步骤：每个版本都是同一张图像，“重新抽取”也不会有变化。标准数据增强（随机缩放裁剪、水平翻转、少量颜色抖动）让模型在每个 epoch 看到新的视角。</translation>
    </message>
    <message>
      <source>Turn on the standard augmentation</source>
      <translation>开启标准数据增强</translation>
    </message>
    <message>
      <source>Adds RandomResizedCrop, RandomHorizontalFlip and ColorJitter to the training transforms. The Model page's "Augment training images" turns it off again.</source>
      <translation>在训练变换中加入 RandomResizedCrop、RandomHorizontalFlip 和 ColorJitter。在模型页面取消“增强训练图像”即可关闭。</translation>
    </message>
    <message>
      <source>Re-roll</source>
      <translation>重新抽取</translation>
    </message>
    <message>
      <source>original, %1x%2</source>
      <translation>原图，%1x%2</translation>
    </message>
    <message>
      <source>augmented #%1, %2x%3</source>
      <translation>增强 #%1，%2x%3</translation>
    </message>
    <message>
      <source>MixUp with another image, λ = %1</source>
      <translation>与另一张图像 MixUp，λ = %1</translation>
    </message>
    <message>
      <source>CutMix with another image, λ = %1</source>
      <translation>与另一张图像 CutMix，λ = %1</translation>
    </message>
    <message>
      <source>Loading Fashion-MNIST…</source>
      <translation>正在加载 Fashion-MNIST…</translation>
    </message>
    <message>
      <source>Importing %1 (decoding every image to find the ones that cannot be used)…</source>
      <translation>正在导入 %1（解码每张图像以找出无法使用的图像）…</translation>
    </message>
    <message>
      <source>Open an image folder (root/&lt;class&gt;/&lt;image&gt;)</source>
      <translation>打开图像文件夹（root/&lt;class&gt;/&lt;image&gt;）</translation>
    </message>
    <message>
      <source>Reading %1 (every row, to infer each column's type)…</source>
      <translation>正在读取 %1（读取每一行以推断各列的类型）…</translation>
    </message>
    <message>
      <source>Open a table</source>
      <translation>打开表格</translation>
    </message>
    <message>
      <source>Tables (*.csv *.tsv *.txt);;All files (*)</source>
      <translation>表格 (*.csv *.tsv *.txt);;所有文件 (*)</translation>
    </message>
    <message>
      <source>Reading and tokenising every document…</source>
      <translation>正在读取每篇文档并分词…</translation>
    </message>
    <message>
      <source>Open a text folder (root/&lt;class&gt;/*.txt)</source>
      <translation>打开文本文件夹（root/&lt;class&gt;/*.txt）</translation>
    </message>
    <message>
      <source>Your photos get the photo recipe, chosen by measurement on folders of several kinds: the Fast CNN at %1 px, learning from scratch with random crops, flips and colour jitter, AdamW at %2, for %3 epochs.</source>
      <translation>你的照片使用照片配方，它是在多种文件夹上测量后选定的：%1 像素的 Fast CNN，从零开始学习，使用随机裁剪、翻转和颜色抖动，AdamW 学习率 %2，训练 %3 个 epoch。</translation>
    </message>
    <message>
      <source>%1 epochs of %2 training images are %3 images seen, fewer than the %4 the measurements needed: more photos per class would help more than more epochs.</source>
      <translation>%1 个 epoch 的 %2 张训练图像等于看过 %3 张图像，少于测量所需的 %4 张：每个类别多一些照片，比多训练几个 epoch 更有帮助。</translation>
    </message>
    <message>
      <source>%1 epochs of %2 training images are %3 images seen, more than the %4 the measurements needed: a large folder learns in few passes, and fewer would do.</source>
      <translation>%1 个 epoch 的 %2 张训练图像等于看过 %3 张图像，多于测量所需的 %4 张：大文件夹只需遍历几次就能学好，更少的 epoch 也够用。</translation>
    </message>
    <message>
      <source>A small folder needs many passes over its images and a large one few: %1 epochs of %2 training images are about %3 images seen, what the measurements needed.</source>
      <translation>小文件夹需要多次遍历图像，大文件夹则只需几次：%1 个 epoch 的 %2 张训练图像约等于看过 %3 张图像，这正是测量所需的量。</translation>
    </message>
    <message>
      <source>Change the model, image size or epochs on the Model page.</source>
      <translation>可在模型页面更改模型、图像尺寸或 epoch 数。</translation>
    </message>
  </context>
  <context>
    <name>trainscope::ui::DesktopNotifier</name>
    <message>
      <source>Run finished: %1</source>
      <translation>运行完成：%1</translation>
    </message>
    <message>
      <source>Its curves are on the Train page, its results on the Compare page.</source>
      <translation>曲线见训练页，结果见比较页。</translation>
    </message>
    <message>
      <source>Run failed: %1</source>
      <translation>运行失败：%1</translation>
    </message>
    <message>
      <source>NaN guard tripped: %1</source>
      <translation>NaN 防护已触发：%1</translation>
    </message>
    <message>
      <source>Breakpoint: %1 is paused</source>
      <translation>断点：%1 已暂停</translation>
    </message>
  </context>
  <context>
    <name>trainscope::widgets::DistributionHeatmap</name>
    <message>
      <source>share of elements</source>
      <translation>元素占比</translation>
    </message>
  </context>
  <context>
    <name>trainscope::ui::ExperimentDocument</name>
    <message>
      <source>Cannot open %1: %2</source>
      <translation>无法打开 %1：%2</translation>
    </message>
    <message>
      <source>%1 is not a JSON experiment</source>
      <translation>%1 不是 JSON 实验文件</translation>
    </message>
    <message>
      <source>Cannot write %1: %2</source>
      <translation>无法写入 %1：%2</translation>
    </message>
  </context>
  <context>
    <name>trainscope::ui::ExperimentForm</name>
    <message>
      <source>Optimizer</source>
      <translation>优化器</translation>
    </message>
    <message>
      <source>Learning-rate schedule</source>
      <translation>学习率调度</translation>
    </message>
    <message>
      <source>Training</source>
      <translation>训练</translation>
    </message>
    <message>
      <source>Debugging</source>
      <translation>调试</translation>
    </message>
    <message>
      <source>Augmentation</source>
      <translation>数据增强</translation>
    </message>
    <message>
      <source>Reproducibility and resources</source>
      <translation>可复现性与资源</translation>
    </message>
    <message>
      <source>Augment training images</source>
      <translation>增强训练图像</translation>
    </message>
    <message>
      <source>Random crops, flips and colour changes give the model new views of the same images each epoch: the cheapest cure for overfitting. Validation images are never augmented.</source>
      <translation>随机裁剪、翻转和颜色变化让模型在每个 epoch 看到同一图像的新视角：这是治疗过拟合最廉价的方法。验证图像从不做数据增强。</translation>
    </message>
    <message>
      <source>RandomResizedCrop keeps between this share of the image and all of it, then resizes back. 0.08 is ImageNet's bold default; 0.5-0.9 suits small images.</source>
      <translation>RandomResizedCrop 保留图像的这一比例到全部之间的区域，然后缩放回原尺寸。0.08 是 ImageNet 的激进默认值；0.5-0.9 适合小图像。</translation>
    </message>
    <message>
      <source>RandomHorizontalFlip: the chance of a mirror image. Fine for clothes and animals, wrong for digits and text.</source>
      <translation>RandomHorizontalFlip：生成镜像图像的概率。适合服装和动物，不适合数字和文字。</translation>
    </message>
    <message>
      <source>ColorJitter strength for brightness, contrast (and saturation on colour images).</source>
      <translation>ColorJitter 对亮度、对比度（彩色图像还有饱和度）的调整强度。</translation>
    </message>
    <message>
      <source>Crop scale from</source>
      <translation>裁剪比例下限</translation>
    </message>
    <message>
      <source>Flip probability</source>
      <translation>翻转概率</translation>
    </message>
    <message>
      <source>Colour jitter</source>
      <translation>颜色抖动</translation>
    </message>
  </context>
  <context>
    <name>trainscope::ui::FeatureMapView</name>
    <message>
      <source>The map after each epoch: watch the classes form</source>
      <translation>每个周期之后的地图：看类别如何形成</translation>
    </message>
    <message>
      <source>Colour by label</source>
      <translation>按标签着色</translation>
    </message>
    <message>
      <source>Colour by prediction</source>
      <translation>按预测着色</translation>
    </message>
    <message>
      <source>Right or wrong</source>
      <translation>对或错</translation>
    </message>
    <message>
      <source>Lasso</source>
      <translation>套索</translation>
    </message>
    <message>
      <source>Drag to select points (or hold Shift while dragging)</source>
      <translation>拖动以选择点（或按住 Shift 拖动）</translation>
    </message>
    <message>
      <source>Relabel as</source>
      <translation>重新标注为</translation>
    </message>
    <message>
      <source>Exclude</source>
      <translation>排除</translation>
    </message>
    <message>
      <source>Relabel the selected training images in the correction file (the next run trains on it)</source>
      <translation>在更正文件中重新标注所选训练图像（下一次运行将用它训练）</translation>
    </message>
    <message>
      <source>Leave the selected training images out of the next run (the correction file)</source>
      <translation>在下一次运行中排除所选训练图像（更正文件）</translation>
    </message>
    <message>
      <source>Epoch %1</source>
      <translation>第 %1 个周期</translation>
    </message>
    <message>
      <source>No feature map yet: a run records embeddings.h5 at the end of each epoch.</source>
      <translation>还没有特征地图：运行会在每个周期结束时记录 embeddings.h5。</translation>
    </message>
    <message>
      <source>embeddings.h5: %1</source>
      <translation>embeddings.h5：%1</translation>
    </message>
    <message>
      <source>%1 samples (validation, and training ones) placed by the features of layer %2: near each other when the model sees them alike. Click a point for it and its most similar images; lasso points to relabel or exclude them.</source>
      <translation>%1 个样本（验证样本和部分训练样本）按层 %2 的特征摆放：模型看来相似的样本彼此靠近。点击一个点可查看它及最相似的图像；用套索选点可重新标注或排除。</translation>
    </message>
    <message>
      <source>Laying out the map of epoch %1…</source>
      <translation>正在布局第 %1 个周期的地图…</translation>
    </message>
    <message>
      <source>The map of epoch %1 could not be laid out: its features are not finite numbers (a diverged run?).</source>
      <translation>第 %1 个周期的地图无法布局：其特征不是有限数值（运行发散了？）。</translation>
    </message>
    <message>
      <source>predicted right</source>
      <translation>预测正确</translation>
    </message>
    <message>
      <source>predicted wrong</source>
      <translation>预测错误</translation>
    </message>
    <message>
      <source>Wheel: zoom · drag: pan · Shift+drag or Lasso: select · double-click: fit</source>
      <translation>滚轮：缩放 · 拖动：平移 · Shift+拖动或套索：选择 · 双击：适应窗口</translation>
    </message>
    <message numerus="yes">
      <source>%n selected (%1 of them training images, which the correction file can relabel or exclude)</source>
      <translation>
        <numerusform>已选 %n 个（其中 %1 个训练图像，可在更正文件中重新标注或排除）</numerusform>
      </translation>
    </message>
    <message>
      <source>%1 and the %2 images most similar to it in the model's features (the last epoch's)</source>
      <translation>%1 以及在模型特征（最后一个周期）中与它最相似的 %2 张图像</translation>
    </message>
    <message>
      <source>This image is not among the %1 the run recorded for the map (up to 10,000 validation and 1,000 training images).</source>
      <translation>此图像不在运行为地图记录的 %1 个样本之中（最多 10,000 个验证图像和 1,000 个训练图像）。</translation>
    </message>
    <message>
      <source>Lasso points, or click one, to see their images here.</source>
      <translation>用套索选点或点击一个点，在此查看其图像。</translation>
    </message>
    <message numerus="yes">
      <source>%n training image(s) relabelled as %1 in %2.</source>
      <translation>
        <numerusform>已在 %2 中将 %n 张训练图像重新标注为 %1。</numerusform>
      </translation>
    </message>
    <message numerus="yes">
      <source>%n training image(s) excluded from the next run in %1.</source>
      <translation>
        <numerusform>已在 %1 中将 %n 张训练图像从下一次运行中排除。</numerusform>
      </translation>
    </message>
  </context>
  <context>
    <name>trainscope::ui::ForkDialog</name>
    <message>
      <source>Rewind and fork</source>
      <translation>回退并派生</translation>
    </message>
    <message>
      <source>Go back to a checkpoint of %1 and train a child run from there with other settings. The child is a new run beside this one; Compare shows them as one family.</source>
      <translation>回到 %1 的某个检查点，从那里用其他设置训练一个子运行。子运行是放在它旁边的新运行；比较页会把它们显示为一个家族。</translation>
    </message>
    <message>
      <source>Rewind to</source>
      <translation>回退到</translation>
    </message>
    <message>
      <source>Changes, one per line as field=value (docs/config.md)</source>
      <translation>修改的设置，每行一个，格式为 字段=值（见 docs/config.md）</translation>
    </message>
    <message>
      <source>Fork and train</source>
      <translation>派生并训练</translation>
    </message>
    <message>
      <source>step %1, saved %2</source>
      <translation>第 %1 步，保存于 %2</translation>
    </message>
    <message>
      <source>(at or after the breakpoint)</source>
      <translation>（在断点处或之后）</translation>
    </message>
    <message>
      <source>This run keeps no checkpoints to rewind to (%1 was 0, or it ended before its first checkpoint).</source>
      <translation>该运行没有可回退的检查点（%1 为 0，或它在第一个检查点之前就结束了）。</translation>
    </message>
    <message>
      <source>Choose the checkpoint to rewind to: none of them is from before the breakpoint.</source>
      <translation>请选择要回退到的检查点：其中没有一个早于断点。</translation>
    </message>
  </context>
  <context>
    <name>trainscope::widgets::Gauge</name>
    <message>
      <source>not measured yet</source>
      <translation>尚未测量</translation>
    </message>
  </context>
  <context>
    <name>trainscope::ui::GraphDialog</name>
    <message>
      <source>Graph of %1</source>
      <translation>%1 的图</translation>
    </message>
    <message>
      <source>Building the model and running one forward pass…</source>
      <translation>正在构建模型并运行一次前向传播…</translation>
    </message>
    <message>
      <source>No graph: %1 (%2).</source>
      <translation>无法画图：%1（%2）。</translation>
    </message>
    <message>
      <source>Model graph</source>
      <translation>模型图</translation>
    </message>
    <message>
      <source>Autograd graph of one step</source>
      <translation>一步训练的 autograd 图</translation>
    </message>
    <message>
      <source>Open all blocks</source>
      <translation>展开所有模块块</translation>
    </message>
    <message>
      <source>Close all blocks</source>
      <translation>收起所有模块块</translation>
    </message>
    <message>
      <source>Fit</source>
      <translation>适应宽度</translation>
    </message>
    <message>
      <source>Save SVG…</source>
      <translation>保存 SVG…</translation>
    </message>
    <message>
      <source>Save DOT…</source>
      <translation>保存 DOT…</translation>
    </message>
    <message>
      <source>Show on Inspect</source>
      <translation>在检查页中查看</translation>
    </message>
    <message>
      <source>Open this layer on the Inspect page: its outputs, gradients and weights while it trains.</source>
      <translation>在检查页中打开这一层：训练时它的输出、梯度和权重。</translation>
    </message>
    <message>
      <source>The forward pass builds this graph; loss.backward() walks it from the loss (red) down to the leaf tensors (green): the parameters, which have requires_grad=True. Each grad_fn keeps what its derivative needs (saved for backward, freed by backward()); * marks a parameter, which costs no extra memory. AccumulateGrad adds into .grad rather than replacing it: that is why zero_grad() comes before each step. A click on a node frames the layer it belongs to.</source>
      <translation>这张图由前向传播构建；loss.backward() 从损失（红色）出发沿图向下走到叶子张量（绿色），即 requires_grad=True 的参数。每个 grad_fn 保存其导数所需的张量（为反向传播保存，backward() 之后释放）；* 表示参数本身，不占额外内存。AccumulateGrad 把梯度累加到 .grad 中而不是替换：所以每一步之前都要调用 zero_grad()。点击一个节点会框出它所属的层。</translation>
    </message>
    <message>
      <source>Each box is a module, with the shape of its output for one batch and its parameter count; a double-click opens a block (+) to show its parts and skips, or shows a layer on Inspect.</source>
      <translation>每个方框是一个模块，标出一个批次的输出形状和参数数量；双击带 (+) 的模块块可展开其内部结构和跳跃连接，双击其他层则在检查页中查看。</translation>
    </message>
    <message>
      <source>input</source>
      <translation>输入</translation>
    </message>
    <message>
      <source>%1 params</source>
      <translation>%1 个参数</translation>
    </message>
    <message>
      <source>saved %1: %2</source>
      <translation>保存 %1：%2</translation>
    </message>
    <message>
      <source>saved: not read</source>
      <translation>保存的张量：未读取</translation>
    </message>
    <message>
      <source>saved %1</source>
      <translation>保存 %1</translation>
    </message>
    <message>
      <source>%1: the autograd graph of one step, batch %2</source>
      <translation>%1：一步训练的 autograd 图，批大小 %2</translation>
    </message>
    <message>
      <source>%1: model graph</source>
      <translation>%1：模型图</translation>
    </message>
    <message numerus="yes">
      <source>Laying out %n node(s)…</source>
      <translation>
        <numerusform>正在布局 %n 个节点…</numerusform>
      </translation>
    </message>
    <message>
      <source>No layout: %1</source>
      <translation>无法布局：%1</translation>
    </message>
    <message>
      <source>%1 grad_fn nodes and %2 leaf tensors; %3 saved for backward at batch %4</source>
      <translation>%1 个 grad_fn 节点和 %2 个叶子张量；批大小 %4 时为反向传播保存了 %3</translation>
    </message>
    <message>
      <source>&lt;p&gt;Click a node for its details.&lt;/p&gt;</source>
      <translation>&lt;p&gt;点击一个节点查看详情。&lt;/p&gt;</translation>
    </message>
    <message>
      <source>Module: %1</source>
      <translation>模块：%1</translation>
    </message>
    <message>
      <source>Layer: %1</source>
      <translation>层：%1</translation>
    </message>
    <message>
      <source>Shape: %1</source>
      <translation>形状：%1</translation>
    </message>
    <message>
      <source>Output: %1</source>
      <translation>输出：%1</translation>
    </message>
    <message>
      <source>Parameters: %1</source>
      <translation>参数：%1</translation>
    </message>
    <message>
      <source>A leaf tensor with requires_grad=True: backward() adds its gradient into .grad.</source>
      <translation>requires_grad=True 的叶子张量：backward() 把它的梯度累加到 .grad 中。</translation>
    </message>
    <message>
      <source>A leaf tensor with requires_grad=False: no gradient.</source>
      <translation>requires_grad=False 的叶子张量：没有梯度。</translation>
    </message>
    <message>
      <source>Saved for backward</source>
      <translation>为反向传播保存的张量</translation>
    </message>
    <message>
      <source>a parameter: no extra memory</source>
      <translation>参数本身：不占额外内存</translation>
    </message>
    <message>
      <source>What this op saved for backward is not read here.</source>
      <translation>这里不读取此运算为反向传播保存的张量。</translation>
    </message>
    <message>
      <source>Its ops saved %1 for backward.</source>
      <translation>它的运算为反向传播保存了 %1。</translation>
    </message>
    <message>
      <source>Open %1</source>
      <translation>展开 %1</translation>
    </message>
    <message>
      <source>Close %1</source>
      <translation>收起 %1</translation>
    </message>
    <message>
      <source>Save the graph</source>
      <translation>保存图</translation>
    </message>
    <message>
      <source>SVG (*.svg)</source>
      <translation>SVG (*.svg)</translation>
    </message>
    <message>
      <source>Graphviz DOT (*.dot)</source>
      <translation>Graphviz DOT (*.dot)</translation>
    </message>
    <message>
      <source>%1 was not saved: %2</source>
      <translation>%1 未保存：%2</translation>
    </message>
    <message>
      <source>Saved %1</source>
      <translation>已保存 %1</translation>
    </message>
  </context>
  <context>
    <name>trainscope::ui::GridDialog</name>
    <message>
      <source>Grid of runs</source>
      <translation>运行网格</translation>
    </message>
    <message>
      <source>values, separated by commas</source>
      <translation>取值，用逗号分隔</translation>
    </message>
    <message>
      <source>Setting %1</source>
      <translation>设置 %1</translation>
    </message>
    <message>
      <source>Two runs at once (cores split between them)</source>
      <translation>同时运行两个（平分 CPU 核心）</translation>
    </message>
    <message>
      <source>Queue runs</source>
      <translation>加入队列</translation>
    </message>
    <message>
      <source>Every combination of these values is trained with the rest of the current experiment, then compared.</source>
      <translation>这些取值的每一种组合都会与当前实验的其余设置一起训练，然后进行比较。</translation>
    </message>
    <message numerus="yes">
      <source>%n run(s) will be queued.</source>
      <translation>
        <numerusform>将有 %n 个运行加入队列。</numerusform>
      </translation>
    </message>
  </context>
  <context>
    <name>trainscope::ui::GuardReport</name>
    <message>
      <source>At step %1 %2.</source>
      <translation>第 %1 步：%2。</translation>
    </message>
    <message>
      <source>The first layer with a non-finite output is %1.</source>
      <translation>第一个输出非有限值的层是 %1。</translation>
    </message>
    <message>
      <source>The batch and that layer's input and output are saved in %1.</source>
      <translation>该批次以及这一层的输入和输出已保存在 %1。</translation>
    </message>
    <message>
      <source>Try a lower learning rate, gradient clipping, or normalised inputs.</source>
      <translation>可以试试更低的学习率、梯度裁剪或归一化的输入。</translation>
    </message>
  </context>
  <context>
    <name>trainscope::ui::HealthGallery</name>
    <message>
      <source>Choose a finding to see its images.</source>
      <translation>选择一项发现以查看其图像。</translation>
    </message>
  </context>
  <context>
    <name>trainscope::ui::HealthPanel</name>
    <message>
      <source>training</source>
      <translation>训练</translation>
    </message>
    <message>
      <source>validation</source>
      <translation>验证</translation>
    </message>
    <message>
      <source>Check the dataset</source>
      <translation>检查数据集</translation>
    </message>
    <message>
      <source>Decode every image once and look for duplicates, leaks between the splits, conflicting labels, imbalance, and blurry, dark, bright, flat or odd images.</source>
      <translation>将每张图像解码一次，查找重复、划分之间的泄漏、冲突的标签、类别不平衡，以及模糊、过暗、过亮、单调或尺寸异常的图像。</translation>
    </message>
    <message>
      <source>Cancel</source>
      <translation>取消</translation>
    </message>
    <message>
      <source>Import a dataset, then check it.</source>
      <translation>先导入数据集，再检查它。</translation>
    </message>
    <message>
      <source>Finding</source>
      <translation>发现</translation>
    </message>
    <message>
      <source>Split</source>
      <translation>划分</translation>
    </message>
    <message>
      <source>Class</source>
      <translation>类别</translation>
    </message>
    <message>
      <source>Not checked yet: it decodes every image once (Fashion-MNIST's 70,000 in about 2 s on 2 cores).</source>
      <translation>尚未检查：检查会将每张图像解码一次（Fashion-MNIST 的 70,000 张在 2 个核心上约需 2 秒）。</translation>
    </message>
    <message>
      <source>Checking…</source>
      <translation>正在检查……</translation>
    </message>
    <message>
      <source>Cancelled.</source>
      <translation>已取消。</translation>
    </message>
    <message numerus="yes">
      <source>%n image(s)</source>
      <translation>
        <numerusform>%n 张图像</numerusform>
      </translation>
    </message>
    <message>
      <source>in training and validation</source>
      <translation>同时在训练集和验证集中</translation>
    </message>
    <message>
      <source>different labels</source>
      <translation>标签不同</translation>
    </message>
    <message>
      <source>… and %1 more (trainscope-cli check --json lists them)</source>
      <translation>……另有 %1 个（trainscope-cli check --json 会全部列出）</translation>
    </message>
    <message>
      <source>%1: %2</source>
      <translation>%1：%2</translation>
    </message>
    <message>
      <source>%1 training and %2 validation images checked in %3 s.</source>
      <translation>已检查 %1 张训练图像和 %2 张验证图像，用时 %3 秒。</translation>
    </message>
    <message>
      <source>Exact duplicates: %1 groups, %2 across the splits</source>
      <translation>完全重复：%1 组，其中 %2 组跨越划分</translation>
    </message>
    <message>
      <source>The same pixels more than once. Across the splits, validation measures images the model trained on.</source>
      <translation>相同的像素出现了不止一次。跨越划分时，验证集测的是模型训练过的图像。</translation>
    </message>
    <message>
      <source>Near duplicates: %1 groups, %2 across the splits</source>
      <translation>近似重复：%1 组，其中 %2 组跨越划分</translation>
    </message>
    <message>
      <source>Images that look the same (a perceptual hash within 4 bits, confirmed on 16×16 grey and 8×8 colour thumbnails): resized, recompressed or slightly edited copies.</source>
      <translation>看起来相同的图像（感知哈希相差不超过 4 位，并经 16×16 灰度和 8×8 彩色缩略图确认）：缩放、重新压缩或略加编辑的副本。</translation>
    </message>
    <message>
      <source>The same image under two labels: %1 groups</source>
      <translation>同一图像带有两个标签：%1 组</translation>
    </message>
    <message>
      <source>Duplicate groups whose images have different labels: at least one label is wrong.</source>
      <translation>组内图像标签不同的重复组：至少有一个标签是错的。</translation>
    </message>
    <message>
      <source>Class imbalance: the largest class has %1× the images of the smallest</source>
      <translation>类别不平衡：最大类别的图像数是最小类别的 %1 倍</translation>
    </message>
    <message>
      <source>Training images per class.</source>
      <translation>每个类别的训练图像数。</translation>
    </message>
    <message>
      <source>Unreadable or skipped files: %1</source>
      <translation>无法读取或已跳过的文件：%1</translation>
    </message>
    <message>
      <source>What the import could not use, and why.</source>
      <translation>导入时无法使用的文件及原因。</translation>
    </message>
  </context>
  <context>
    <name>trainscope::widgets::HistogramPlot</name>
    <message>
      <source>elements</source>
      <translation>元素数</translation>
    </message>
  </context>
  <context>
    <name>trainscope::ui::InspectPage</name>
    <message>
      <source>Layer</source>
      <translation>层</translation>
    </message>
    <message>
      <source>Type</source>
      <translation>类型</translation>
    </message>
    <message>
      <source>The model's layers in forward order; expand a layer for its parameters.</source>
      <translation>模型的各层，按前向顺序排列；展开某层可查看其参数。</translation>
    </message>
    <message>
      <source>step</source>
      <translation>步数</translation>
    </message>
    <message>
      <source>gradient norm</source>
      <translation>梯度范数</translation>
    </message>
    <message>
      <source>Gradient norms, all layers</source>
      <translation>梯度范数，所有层</translation>
    </message>
    <message>
      <source>Health</source>
      <translation>健康状况</translation>
    </message>
    <message>
      <source>Output (activation)</source>
      <translation>输出（激活）</translation>
    </message>
    <message>
      <source>Gradient of the output</source>
      <translation>输出的梯度</translation>
    </message>
    <message>
      <source>Weights</source>
      <translation>权重</translation>
    </message>
    <message>
      <source>Gradient of the weights</source>
      <translation>权重的梯度</translation>
    </message>
    <message>
      <source>Which tensor of the layer: its forward output (what a forward hook sees), the gradient of the loss with respect to that output, its parameters, or their gradients.</source>
      <translation>该层的哪个张量：其前向输出（前向钩子看到的内容）、损失对该输出的梯度、其参数，或参数的梯度。</translation>
    </message>
    <message>
      <source>Save tensors</source>
      <translation>保存张量</translation>
    </message>
    <message>
      <source>Save the tensors of the next step to the run's tensors.h5 (open in Python with h5py).</source>
      <translation>将下一步的张量保存到该运行的 tensors.h5（可在 Python 中用 h5py 打开）。</translation>
    </message>
    <message>
      <source>Selected layer, all kinds</source>
      <translation>所选层，所有类型</translation>
    </message>
    <message>
      <source>All layers, all kinds</source>
      <translation>所有层，所有类型</translation>
    </message>
    <message>
      <source>Start a run on the Train page: the probes report here while it trains.</source>
      <translation>在训练页面开始一次运行：训练期间探针会在此报告。</translation>
    </message>
    <message>
      <source>Show:</source>
      <translation>显示：</translation>
    </message>
    <message>
      <source>value</source>
      <translation>值</translation>
    </message>
    <message>
      <source>no histograms yet</source>
      <translation>尚无直方图</translation>
    </message>
    <message>
      <source>share</source>
      <translation>占比</translation>
    </message>
    <message>
      <source>mean</source>
      <translation>均值</translation>
    </message>
    <message>
      <source>std</source>
      <translation>标准差</translation>
    </message>
    <message>
      <source>min</source>
      <translation>最小值</translation>
    </message>
    <message>
      <source>max</source>
      <translation>最大值</translation>
    </message>
    <message>
      <source>exact zeros</source>
      <translation>精确零值</translation>
    </message>
    <message>
      <source>saturated</source>
      <translation>饱和</translation>
    </message>
    <message>
      <source>What probing cost over the last 100 steps: the probes' own time (statistics, gradient hooks, histograms, recording) as a share of the time between steps, against their budget. Fewer histograms, or probes off (Model page), cost less.</source>
      <translation>最近 100 步中探针的开销：探针自身的耗时（统计、梯度钩子、直方图、记录）占两步之间时间的比例，并与预算对比。减少直方图或关闭探针（模型页）可降低开销。</translation>
    </message>
    <message>
      <source>Dead units</source>
      <translation>死亡单元</translation>
    </message>
    <message>
      <source>Saturated</source>
      <translation>饱和</translation>
    </message>
    <message>
      <source>Gradient norm</source>
      <translation>梯度范数</translation>
    </message>
    <message>
      <source>Update ratio</source>
      <translation>更新比率</translation>
    </message>
    <message>
      <source>L2 norm of the gradients of the layer's parameters at the last step. Flagged below %1 (vanishing) or above %2 (exploding).</source>
      <translation>该层参数梯度在最后一步的 L2 范数。低于 %1（梯度消失）或高于 %2（梯度爆炸）时标记。</translation>
    </message>
    <message>
      <source>||update|| / ||weight|| of the last optimizer step measured (with each histogram); around 1e-3 is healthy. Flagged below %1 or above %2.</source>
      <translation>最近一次测量（随每个直方图）的优化器步的 ||更新量|| / ||权重||；1e-3 左右为健康。低于 %1 或高于 %2 时标记。</translation>
    </message>
    <message>
      <source>Probes are off in this experiment: only saving tensors works.</source>
      <translation>本实验关闭了探针：只能保存张量。</translation>
    </message>
    <message numerus="yes">
      <source>Probes on: statistics every step, histograms every %n step(s).</source>
      <translation>
        <numerusform>探针已开启：每步统计，每 %n 步一个直方图。</numerusform>
      </translation>
    </message>
    <message>
      <source>Probes on: statistics every step, no histograms.</source>
      <translation>探针已开启：每步统计，不记录直方图。</translation>
    </message>
    <message numerus="yes">
      <source>no histograms yet (one every %n step(s))</source>
      <translation>
        <numerusform>尚无直方图（每 %n 步一个）</numerusform>
      </translation>
    </message>
    <message>
      <source>histograms are off in this experiment</source>
      <translation>本实验关闭了直方图</translation>
    </message>
    <message>
      <source>parameter</source>
      <translation>参数</translation>
    </message>
    <message>
      <source>%1 has no parameters</source>
      <translation>%1 没有参数</translation>
    </message>
    <message>
      <source>Probes: %1% of the step time (budget %2%)</source>
      <translation>探针：占每步时间的 %1%（预算 %2%）</translation>
    </message>
    <message>
      <source>value at step %1</source>
      <translation>第 %1 步的值</translation>
    </message>
    <message>
      <source>Pick a layer in the tree first.</source>
      <translation>请先在树中选择一个层。</translation>
    </message>
    <message>
      <source>Saving every layer's tensors at the next step…</source>
      <translation>正在下一步保存每一层的张量…</translation>
    </message>
    <message>
      <source>Saving %1's tensors at the next step…</source>
      <translation>正在下一步保存 %1 的张量…</translation>
    </message>
    <message>
      <source>Tensors not saved: %1</source>
      <translation>张量未保存：%1</translation>
    </message>
    <message>
      <source>Saved %1 tensors of step %2 to %3 (%4)</source>
      <translation>已将第 %2 步的 %1 个张量保存到 %3（%4）</translation>
    </message>
  </context>
  <context>
    <name>trainscope::ui::LeaderboardDialog</name>
    <message numerus="yes">
      <source>%n run(s) collected, tagged "%1"</source>
      <translation>
        <numerusform>已收集 %n 个运行，标签为“%1”</numerusform>
      </translation>
    </message>
    <message numerus="yes">
      <source>(%n already there)</source>
      <translation>
        <numerusform>（%n 个已存在）</numerusform>
      </translation>
    </message>
    <message>
      <source>Best validation accuracy first; the settings each run changed, against %1.</source>
      <translation>按最佳验证准确率排序；列出每个运行改动的设置，对照：%1。</translation>
    </message>
    <message>
      <source>Leaderboard: %1</source>
      <translation>排行榜：%1</translation>
    </message>
    <message>
      <source>#</source>
      <translation>名次</translation>
    </message>
    <message>
      <source>Student</source>
      <translation>学生</translation>
    </message>
    <message>
      <source>Run</source>
      <translation>运行</translation>
    </message>
    <message>
      <source>Best val acc</source>
      <translation>最佳验证准确率</translation>
    </message>
    <message>
      <source>Epochs</source>
      <translation>epoch 数</translation>
    </message>
    <message>
      <source>Changed settings</source>
      <translation>改动的设置</translation>
    </message>
    <message>
      <source>Skipped %1: %2</source>
      <translation>已跳过 %1：%2</translation>
    </message>
  </context>
  <context>
    <name>trainscope::ui::LessonsPage</name>
    <message>
      <source>%1 running, %2 waiting. Their curves appear on the Compare page as they train.</source>
      <translation>%1 个正在运行，%2 个等待中。训练过程中它们的曲线会出现在比较页面上。</translation>
    </message>
    <message>
      <source>%1 did not start: %2</source>
      <translation>%1 未能启动：%2</translation>
    </message>
    <message>
      <source>Some lessons could not be read:
%1</source>
      <translation>部分课程无法读取：
%1</translation>
    </message>
    <message>
      <source>No lessons found in share/trainscope/lessons next to the app.</source>
      <translation>在程序旁的 share/trainscope/lessons 中没有找到课程。</translation>
    </message>
    <message>
      <source>Runs</source>
      <translation>运行</translation>
    </message>
    <message>
      <source>as written</source>
      <translation>按原样</translation>
    </message>
    <message>
      <source>Compare: %1, by %2.</source>
      <translation>比较：%1，按 %2。</translation>
    </message>
    <message>
      <source>Each lesson runs its experiments on Fashion-MNIST (a few minutes at most on a laptop) and opens the comparison. Read what to look for while the curves come in.</source>
      <translation>每节课都会在 Fashion-MNIST 上运行其实验（在笔记本电脑上最多几分钟），并打开比较页面。在曲线逐渐出现时，阅读需要关注的要点。</translation>
    </message>
    <message>
      <source>Run this lesson</source>
      <translation>运行本课</translation>
    </message>
    <message>
      <source>Autograd graph of</source>
      <translation>autograd 图</translation>
    </message>
    <message>
      <source>The graph one training step of a run builds: its grad_fn nodes, its leaf tensors and what each saved for backward (Model ▸ Graph… for the experiment on the Model page).</source>
      <translation>一个运行的一步训练所构建的计算图：它的 grad_fn 节点、叶子张量，以及各自为反向传播保存的张量（模型页上的实验请用 模型 ▸ 图…）。</translation>
    </message>
    <message>
      <source>Stop queued runs</source>
      <translation>停止排队的运行</translation>
    </message>
    <message>
      <source>Stops the runs training now (their records are kept) and drops the waiting ones.</source>
      <translation>停止正在训练的运行（保留其记录），并放弃等待中的运行。</translation>
    </message>
    <message>
      <source>Two runs at once (cores split between them)</source>
      <translation>同时进行两个运行（二者分配 CPU 核心）</translation>
    </message>
  </context>
  <context>
    <name>trainscope::ui::LrFinderDialog</name>
    <message>
      <source>Find a learning rate</source>
      <translation>寻找学习率</translation>
    </message>
    <message>
      <source>learning rate (log scale)</source>
      <translation>学习率（对数坐标）</translation>
    </message>
    <message>
      <source>loss (smoothed)</source>
      <translation>损失（平滑）</translation>
    </message>
    <message>
      <source>A short run raises the learning rate step by step from 1e-7 while the loss is watched; the weights, the optimizer and the random state are put back afterwards.</source>
      <translation>一次短暂的运行从 1e-7 开始逐步提高学习率并观察损失；之后会恢复权重、优化器和随机状态。</translation>
    </message>
    <message>
      <source>Use this rate</source>
      <translation>使用此学习率</translation>
    </message>
    <message>
      <source>The LR finder failed: %1</source>
      <translation>学习率查找器失败：%1</translation>
    </message>
    <message>
      <source>Suggested learning rate: %1 (where the loss falls fastest on its way down). %2</source>
      <translation>建议学习率：%1（损失下降最快之处）。%2</translation>
    </message>
    <message>
      <source>Weights, optimizer and random state were restored.</source>
      <translation>权重、优化器和随机状态已恢复。</translation>
    </message>
    <message>
      <source>Warning: the state was not restored.</source>
      <translation>警告：状态未能恢复。</translation>
    </message>
    <message>
      <source>The curve is too short to suggest a rate (a very small dataset?).</source>
      <translation>曲线太短，无法给出建议（数据集太小？）。</translation>
    </message>
  </context>
  <context>
    <name>trainscope::ui::MainWindow</name>
    <message>
      <source>Trainscope</source>
      <translation>Trainscope</translation>
    </message>
    <message>
      <source>Saved %1</source>
      <translation>已保存 %1</translation>
    </message>
    <message>
      <source>n/a</source>
      <translation>无</translation>
    </message>
    <message>
      <source>Data</source>
      <translation>数据</translation>
    </message>
    <message>
      <source>Model</source>
      <translation>模型</translation>
    </message>
    <message>
      <source>Train</source>
      <translation>训练</translation>
    </message>
    <message>
      <source>Compare</source>
      <translation>比较</translation>
    </message>
    <message>
      <source>Inspect</source>
      <translation>检查</translation>
    </message>
    <message>
      <source>Mistakes</source>
      <translation>错误</translation>
    </message>
    <message>
      <source>System</source>
      <translation>系统</translation>
    </message>
    <message>
      <source>Lessons</source>
      <translation>课程</translation>
    </message>
    <message>
      <source>Ready</source>
      <translation>就绪</translation>
    </message>
    <message>
      <source>Import failed</source>
      <translation>导入失败</translation>
    </message>
    <message>
      <source>Training stopped</source>
      <translation>训练已停止</translation>
    </message>
    <message>
      <source>%1 ended early: %2</source>
      <translation>%1 提前结束：%2</translation>
    </message>
    <message>
      <source>exit code %1</source>
      <translation>退出码 %1</translation>
    </message>
    <message>
      <source>%1 did not start: %2</source>
      <translation>%1 未能启动：%2</translation>
    </message>
    <message>
      <source>%1 finished: all %2 runs are on the Compare page.</source>
      <translation>%1 已完成：全部 %2 个运行都在比较页面上。</translation>
    </message>
    <message>
      <source>%1 finished: %2 of %3 runs ended early:</source>
      <translation>%1 已完成：%3 个运行中有 %2 个提前结束：</translation>
    </message>
    <message>
      <source>&amp;File</source>
      <translation>文件(&amp;F)</translation>
    </message>
    <message>
      <source>&amp;Open Image Folder…</source>
      <translation>打开图像文件夹(&amp;O)…</translation>
    </message>
    <message>
      <source>Open &amp;Table…</source>
      <translation>打开表格(&amp;T)…</translation>
    </message>
    <message>
      <source>Use &amp;Fashion-MNIST</source>
      <translation>使用 Fashion-MNIST(&amp;F)</translation>
    </message>
    <message>
      <source>Open &amp;Experiment…</source>
      <translation>打开实验(&amp;E)…</translation>
    </message>
    <message>
      <source>Ctrl+Shift+O</source>
      <translation>Ctrl+Shift+O</translation>
    </message>
    <message>
      <source>&amp;Save Experiment…</source>
      <translation>保存实验(&amp;S)…</translation>
    </message>
    <message>
      <source>Export Run to &amp;TensorBoard…</source>
      <translation>将运行导出到 &amp;TensorBoard…</translation>
    </message>
    <message>
      <source>The run to export</source>
      <translation>要导出的运行</translation>
    </message>
    <message>
      <source>Save &amp;Report…</source>
      <translation>保存报告(&amp;R)…</translation>
    </message>
    <message>
      <source>The run to report</source>
      <translation>要生成报告的运行</translation>
    </message>
    <message>
      <source>&amp;Follow Run…</source>
      <translation>跟随运行(&amp;F)…</translation>
    </message>
    <message>
      <source>The run folder to follow</source>
      <translation>要跟随的运行文件夹</translation>
    </message>
    <message>
      <source>&amp;Collect Runs…</source>
      <translation>收集运行(&amp;C)…</translation>
    </message>
    <message>
      <source>&amp;Import TensorBoard Runs…</source>
      <translation>导入 TensorBoard 运行(&amp;I)…</translation>
    </message>
    <message>
      <source>&amp;Quit</source>
      <translation>退出(&amp;Q)</translation>
    </message>
    <message>
      <source>&amp;Run</source>
      <translation>运行(&amp;R)</translation>
    </message>
    <message>
      <source>&amp;Start</source>
      <translation>开始(&amp;S)</translation>
    </message>
    <message>
      <source>&amp;Pause / Resume</source>
      <translation>暂停 / 继续(&amp;P)</translation>
    </message>
    <message>
      <source>Step &amp;one batch</source>
      <translation>单步执行一个批次(&amp;O)</translation>
    </message>
    <message>
      <source>S&amp;top</source>
      <translation>停止(&amp;T)</translation>
    </message>
    <message>
      <source>&amp;Resume Last Run</source>
      <translation>恢复上一次运行(&amp;R)</translation>
    </message>
    <message>
      <source>Resume Last Run with &amp;More Epochs…</source>
      <translation>以更多轮次恢复上一次运行(&amp;M)…</translation>
    </message>
    <message>
      <source>Rewind and &amp;Fork…</source>
      <translation>回退并派生(&amp;F)…</translation>
    </message>
    <message>
      <source>Try on &amp;Camera or Video…</source>
      <translation>在摄像头或视频上试用(&amp;C)…</translation>
    </message>
    <message>
      <source>Searc&amp;h…</source>
      <translation>搜索超参数(&amp;H)…</translation>
    </message>
    <message>
      <source>Open Searc&amp;h…</source>
      <translation>打开搜索(&amp;H)…</translation>
    </message>
    <message>
      <source>&amp;View</source>
      <translation>视图(&amp;V)</translation>
    </message>
    <message>
      <source>&amp;Presentation mode</source>
      <translation>演示模式(&amp;P)</translation>
    </message>
    <message>
      <source>Larger fonts, thicker lines and a high-contrast plot theme, for a projector</source>
      <translation>更大的字体、更粗的线条和高对比度的图表主题，适合投影仪</translation>
    </message>
    <message>
      <source>&amp;Desktop notifications</source>
      <translation>桌面通知(&amp;D)</translation>
    </message>
    <message>
      <source>Say when a run finishes, fails or trips the NaN guard while this window is not in front</source>
      <translation>窗口不在前台时，在运行完成、失败或触发 NaN 防护时通知</translation>
    </message>
    <message>
      <source>&amp;Language</source>
      <translation>语言(&amp;L)</translation>
    </message>
    <message>
      <source>&amp;Help</source>
      <translation>帮助(&amp;H)</translation>
    </message>
    <message>
      <source>&amp;Welcome</source>
      <translation>欢迎(&amp;W)</translation>
    </message>
    <message>
      <source>&amp;About Trainscope</source>
      <translation>关于 Trainscope(&amp;A)</translation>
    </message>
    <message>
      <source>Resume</source>
      <translation>恢复训练</translation>
    </message>
    <message>
      <source>No run to resume yet: start one (F5), or pick one on the Compare page.</source>
      <translation>还没有可恢复的运行：先开始一次运行（F5），或在比较页面中选择一个。</translation>
    </message>
    <message>
      <source>%1 has trained all its epochs: use Resume Last Run with More Epochs to train it further.</source>
      <translation>%1 已训练完所有轮次：请用“以更多轮次恢复上一次运行”继续训练。</translation>
    </message>
    <message>
      <source>%1 cannot be resumed: %2</source>
      <translation>%1 无法恢复：%2</translation>
    </message>
    <message>
      <source>Queue</source>
      <translation>队列</translation>
    </message>
    <message>
      <source>%1 trains in the background, one run after another: its curves are on the Compare page.</source>
      <translation>%1 正在后台逐个训练运行：其曲线显示在比较页面上。</translation>
    </message>
    <message>
      <source>%1: %2 of %3 runs done · training %4</source>
      <translation>%1：已完成 %2 / %3 个运行 · 正在训练 %4</translation>
    </message>
    <message>
      <source>Lesson %1</source>
      <translation>第 %1 课</translation>
    </message>
    <message>
      <source>Lesson %1: %2 runs queued; also worth a look: %3</source>
      <translation>课程 %1：已排队 %2 个运行；也值得一看：%3</translation>
    </message>
    <message>
      <source>Lesson %1: %2</source>
      <translation>第 %1 课：%2</translation>
    </message>
    <message>
      <source>Grid</source>
      <translation>网格</translation>
    </message>
    <message>
      <source>%1 runs queued; they appear here as they start.</source>
      <translation>已将 %1 个运行加入队列；它们开始后会显示在这里。</translation>
    </message>
    <message>
      <source>Language</source>
      <translation>语言</translation>
    </message>
    <message>
      <source>The new language applies the next time Trainscope starts.</source>
      <translation>新语言将在下次启动 Trainscope 时生效。</translation>
    </message>
    <message>
      <source>Run %1</source>
      <translation>运行 %1</translation>
    </message>
    <message>
      <source>%1 training</source>
      <translation>%1 训练中</translation>
    </message>
    <message>
      <source> · the experiment has problems (see the Model page)</source>
      <translation> · 实验存在问题（请查看模型页面）</translation>
    </message>
    <message>
      <source>Cannot open the experiment</source>
      <translation>无法打开实验</translation>
    </message>
    <message>
      <source>Open experiment</source>
      <translation>打开实验</translation>
    </message>
    <message>
      <source>Experiments (*.json)</source>
      <translation>实验 (*.json)</translation>
    </message>
    <message>
      <source>Cannot save the experiment</source>
      <translation>无法保存实验</translation>
    </message>
    <message>
      <source>Save experiment</source>
      <translation>保存实验</translation>
    </message>
    <message>
      <source>About Trainscope</source>
      <translation>关于 Trainscope</translation>
    </message>
    <message>
      <source>&lt;h3&gt;Trainscope %1&lt;/h3&gt;&lt;p&gt;A workbench for training and debugging neural networks.&lt;/p&gt;&lt;p&gt;LibTorch %2&lt;br&gt;Qt %3&lt;br&gt;OpenCV %4&lt;br&gt;HDF5 %5&lt;/p&gt;&lt;p&gt;Device: %6&lt;/p&gt;</source>
      <translation>&lt;h3&gt;Trainscope %1&lt;/h3&gt;&lt;p&gt;用于训练和调试神经网络的工作台。&lt;/p&gt;&lt;p&gt;LibTorch %2&lt;br&gt;Qt %3&lt;br&gt;OpenCV %4&lt;br&gt;HDF5 %5&lt;/p&gt;&lt;p&gt;设备：%6&lt;/p&gt;</translation>
    </message>
    <message>
      <source>Stop training?</source>
      <translation>停止训练？</translation>
    </message>
    <message>
      <source>A run is training. Stop it and quit? Its record and a checkpoint to resume from are kept.</source>
      <translation>有一个运行正在训练。停止它并退出吗？其记录和用于恢复的检查点会被保留。</translation>
    </message>
    <message>
      <source>Stopping the run after its current step…
Trainscope closes when the run has kept its checkpoint.</source>
      <translation>正在当前步结束后停止训练……
保存检查点后 Trainscope 将关闭。</translation>
    </message>
    <message>
      <source>Quitting</source>
      <translation>正在退出</translation>
    </message>
    <message>
      <source>Breakpoint: %1</source>
      <translation>断点：%1</translation>
    </message>
    <message>
      <source>A breakpoint paused the run</source>
      <translation>断点暂停了运行</translation>
    </message>
    <message>
      <source>Rewind and fork…</source>
      <translation>回退并派生…</translation>
    </message>
    <message>
      <source>Stay paused</source>
      <translation>保持暂停</translation>
    </message>
    <message>
      <source>NaN guard: %1</source>
      <translation>NaN 防护：%1</translation>
    </message>
    <message>
      <source>The NaN guard %1 the run</source>
      <translation>NaN 防护已%1该运行</translation>
    </message>
    <message>
      <source>paused</source>
      <translation>暂停</translation>
    </message>
    <message>
      <source>stopped</source>
      <translation>停止</translation>
    </message>
    <message>
      <source>Open the evidence folder</source>
      <translation>打开证据文件夹</translation>
    </message>
    <message>
      <source>Rewind and fork</source>
      <translation>回退并派生</translation>
    </message>
    <message>
      <source>Choose a run first: the Train page's run, or one on the Compare page.</source>
      <translation>请先选择一个运行：训练页的运行，或比较页中的某个运行。</translation>
    </message>
    <message>
      <source>This run is trained elsewhere (the app only follows it): stop it where it trains, then rewind it.</source>
      <translation>这个运行在别处训练（应用只是在跟随它）：请先在训练它的地方停止它，再回退。</translation>
    </message>
    <message>
      <source>Stopping the run to rewind it…</source>
      <translation>正在停止运行以便回退…</translation>
    </message>
    <message>
      <source>The run did not stop within a minute; try again when it has.</source>
      <translation>运行在一分钟内没有停止；等它停止后再试。</translation>
    </message>
    <message>
      <source>Forking %1 at step %2…</source>
      <translation>正在从第 %2 步派生 %1…</translation>
    </message>
    <message>
      <source>No trained model yet</source>
      <translation>尚无训练好的模型</translation>
    </message>
    <message>
      <source>Train a run first; its model then classifies images here.</source>
      <translation>请先训练一个运行；之后它的模型就能在这里对图像分类。</translation>
    </message>
    <message>
      <source>Train a run on a table first; its model then predicts rows here.</source>
      <translation>请先在表格上训练一次；之后它的模型就能在这里预测行。</translation>
    </message>
    <message>
      <source>Train a run on text first; its model then classifies documents here.</source>
      <translation>请先在文本上训练一次；之后它的模型就可以在这里为文档分类。</translation>
    </message>
    <message>
      <source>Train a run on images first; its model then classifies a camera's or a video's frames here.</source>
      <translation>请先在图像上训练一个运行；之后它的模型会在这里对摄像头或视频的画面进行分类。</translation>
    </message>
    <message>
      <source>Search</source>
      <translation>搜索</translation>
    </message>
    <message>
      <source>A search is running; stop it first.</source>
      <translation>有一个搜索正在运行，请先停止它。</translation>
    </message>
    <message>
      <source>The search folder to open</source>
      <translation>要打开的搜索文件夹</translation>
    </message>
    <message>
      <source>%1 holds no search (no %2).</source>
      <translation>%1 中没有搜索（没有 %2）。</translation>
    </message>
  </context>
  <context>
    <name>trainscope::ui::MistakesPage</name>
    <message>
      <source>There is no confusion matrix to export yet.</source>
      <translation>还没有可导出的混淆矩阵。</translation>
    </message>
    <message>
      <source>Export confusion matrix</source>
      <translation>导出混淆矩阵</translation>
    </message>
    <message>
      <source>CSV (*.csv)</source>
      <translation>CSV (*.csv)</translation>
    </message>
    <message>
      <source>Not exported: %1</source>
      <translation>未导出：%1</translation>
    </message>
    <message>
      <source>No run yet: train one, or open a run folder.</source>
      <translation>还没有运行：训练一次，或打开一个运行文件夹。</translation>
    </message>
    <message>
      <source>Open run…</source>
      <translation>打开运行……</translation>
    </message>
    <message>
      <source>Look at the mistakes of a run folder (one that trained for at least an epoch).</source>
      <translation>查看某个运行文件夹的错误（至少训练过一个 epoch）。</translation>
    </message>
    <message>
      <source>Confusion matrix</source>
      <translation>混淆矩阵</translation>
    </message>
    <message>
      <source>Mistakes</source>
      <translation>错误</translation>
    </message>
    <message>
      <source>Data map</source>
      <translation>数据地图</translation>
    </message>
    <message>
      <source>Suspect labels</source>
      <translation>可疑标签</translation>
    </message>
    <message>
      <source>Feature map</source>
      <translation>特征地图</translation>
    </message>
    <message>
      <source>Epoch </source>
      <translation>Epoch </translation>
    </message>
    <message>
      <source>The matrix of any epoch: predictions.h5 keeps one per epoch.</source>
      <translation>任意 epoch 的矩阵：predictions.h5 为每个 epoch 保存一个。</translation>
    </message>
    <message>
      <source>Counts</source>
      <translation>计数</translation>
    </message>
    <message>
      <source>Share of the true class</source>
      <translation>占真实类别的比例</translation>
    </message>
    <message>
      <source>Classes in order</source>
      <translation>按类别顺序</translation>
    </message>
    <message>
      <source>Most confused side by side</source>
      <translation>最易混淆的类别相邻</translation>
    </message>
    <message>
      <source>Reorder the rows and columns so the classes confused most with each other are neighbours.</source>
      <translation>重新排列行和列，使彼此最易混淆的类别相邻。</translation>
    </message>
    <message>
      <source>−</source>
      <translation>−</translation>
    </message>
    <message>
      <source>+</source>
      <translation>+</translation>
    </message>
    <message>
      <source>Fit</source>
      <translation>适应</translation>
    </message>
    <message>
      <source>Zoom in (Ctrl+wheel over the matrix)</source>
      <translation>放大（在矩阵上按 Ctrl+滚轮）</translation>
    </message>
    <message>
      <source>Zoom out (Ctrl+wheel over the matrix)</source>
      <translation>缩小（在矩阵上按 Ctrl+滚轮）</translation>
    </message>
    <message>
      <source>Export CSV…</source>
      <translation>导出 CSV……</translation>
    </message>
    <message>
      <source>The matrix with each class's support, precision, recall and F1, for a spreadsheet.</source>
      <translation>矩阵及每个类别的样本数、精确率、召回率和 F1，可用于电子表格。</translation>
    </message>
    <message>
      <source>Class</source>
      <translation>类别</translation>
    </message>
    <message>
      <source>Precision</source>
      <translation>精确率</translation>
    </message>
    <message>
      <source>Recall</source>
      <translation>召回率</translation>
    </message>
    <message>
      <source>F1</source>
      <translation>F1</translation>
    </message>
    <message>
      <source>Images</source>
      <translation>图像数</translation>
    </message>
    <message>
      <source>Per class: precision (of the images predicted as it, the share that are), recall (of its images, the share found) and F1. Click a header to sort.</source>
      <translation>每个类别：精确率（被预测为该类的图像中确实属于它的比例）、召回率（该类图像中被找出的比例）和 F1。点击表头排序。</translation>
    </message>
    <message>
      <source>True → predicted</source>
      <translation>真实 → 预测</translation>
    </message>
    <message>
      <source>The most frequent confusions; click one to see its images.</source>
      <translation>最常见的混淆；点击一项查看其图像。</translation>
    </message>
    <message>
      <source>Validation</source>
      <translation>验证</translation>
    </message>
    <message>
      <source>Training</source>
      <translation>训练</translation>
    </message>
    <message>
      <source>Misclassified</source>
      <translation>分类错误</translation>
    </message>
    <message>
      <source>Highest loss</source>
      <translation>损失最高</translation>
    </message>
    <message>
      <source>Misclassified images (most confident mistakes first), or every image by its loss.</source>
      <translation>分类错误的图像（最自信的错误在前），或按损失排序的全部图像。</translation>
    </message>
    <message>
      <source>The images as the latest epoch ranks them (the shown ones stay until you ask).</source>
      <translation>按最新一轮的排序显示图像（在你点击之前，当前显示的图像保持不变）。</translation>
    </message>
    <message>
      <source>Each training image by how sure the model was of its label over the epochs (up) and how much that changed (right). Bottom left: hard to learn, often mislabelled. Click a point.</source>
      <translation>每张训练图像：纵轴是各 epoch 中模型对其标签的把握，横轴是这种把握的变化幅度。左下角：难以学会，常常是标错的。点击一个点。</translation>
    </message>
    <message>
      <source>Top </source>
      <translation>前 </translation>
    </message>
    <message>
      <source>Clear corrections</source>
      <translation>清除更正</translation>
    </message>
    <message numerus="yes">
      <source>Labels ranked by the area under the margin (how far below the best other class each label's score stayed over the epochs). %n correction(s) so far, in %1; the next run of this dataset trains on them.</source>
      <translation>
        <numerusform>按边际下面积（各 epoch 中标签得分比最高的其他类别低多少）排序的标签。目前已有 %n 条更正，保存在 %1；该数据集的下一次运行将使用它们。</numerusform>
      </translation>
    </message>
    <message>
      <source>Open run</source>
      <translation>打开运行</translation>
    </message>
    <message>
      <source>Reading %1…</source>
      <translation>正在读取 %1……</translation>
    </message>
    <message>
      <source>Run: %1</source>
      <translation>运行：%1</translation>
    </message>
    <message>
      <source>This run cannot be shown: %1</source>
      <translation>无法显示此运行：%1</translation>
    </message>
    <message>
      <source>No predictions yet: they are written at the end of each epoch.</source>
      <translation>还没有预测：它们在每个 epoch 结束时写入。</translation>
    </message>
    <message>
      <source>predictions.h5: %1</source>
      <translation>predictions.h5：%1</translation>
    </message>
    <message>
      <source>Epoch %1 of the run, read in %2 s.</source>
      <translation>运行的第 %1 个 epoch，读取用时 %2 秒。</translation>
    </message>
    <message>
      <source>samples.h5: %1</source>
      <translation>samples.h5：%1</translation>
    </message>
    <message>
      <source>Show the images of epoch %1</source>
      <translation>显示第 %1 轮的图像</translation>
    </message>
    <message numerus="yes">
      <source>True %1, predicted %2 (last epoch): %n image(s)</source>
      <translation>
        <numerusform>真实 %1，预测 %2（最后一个 epoch）：%n 张图像</numerusform>
      </translation>
    </message>
    <message numerus="yes">
      <source>%n image(s), from the last epoch</source>
      <translation>
        <numerusform>%n 张图像，来自最后一个 epoch</numerusform>
      </translation>
    </message>
    <message>
      <source>Label: %1, predicted: %2, p(label) %3
%4</source>
      <translation>标签：%1，预测：%2，p(标签) %3
%4</translation>
    </message>
  </context>
  <context>
    <name>trainscope::ui::ModelPage</name>
    <message>
      <source>A multi-layer perceptron: flatten the image, then fully connected layers. The baseline.</source>
      <translation>多层感知机：将图像展平，然后接全连接层。基线模型。</translation>
    </message>
    <message>
      <source>LeNet-5: two 5x5 convolutions with pooling, then three fully connected layers. Small, fast, the classic.</source>
      <translation>LeNet-5：两个带池化的 5x5 卷积，然后是三个全连接层。小巧、快速、经典。</translation>
    </message>
    <message>
      <source>A small VGG: three stages of 3x3 convolution + BatchNorm + ReLU, Dropout before the classifier.</source>
      <translation>小型 VGG：三个由 3x3 卷积 + BatchNorm + ReLU 组成的阶段，分类器前接 Dropout。</translation>
    </message>
    <message>
      <source>ResNet-18: residual blocks that let gradients flow through 18 layers. Strong, and slow on a CPU.</source>
      <translation>ResNet-18：残差块让梯度能流经 18 层。性能强，但在 CPU 上较慢。</translation>
    </message>
    <message>
      <source>Fast CNN: seven 3x3 convolutions with BatchNorm, strided instead of pooled, and global average pooling. Made for your own photos at 64-128 px: useful in minutes on a laptop.</source>
      <translation>Fast CNN：七个带 BatchNorm 的 3x3 卷积，用步幅代替池化，最后全局平均池化。专为 64-128 px 的自有照片设计：在笔记本电脑上几分钟即可得到可用的模型。</translation>
    </message>
    <message>
      <source>For tables: each category column embedded (or one-hot), beside the standardised numbers, then Linear, BatchNorm1d, the activation and Dropout per hidden layer.</source>
      <translation>用于表格：每个类别列做嵌入（或独热编码），与标准化后的数值并列，然后每个隐藏层依次是 Linear、BatchNorm1d、激活函数和 Dropout。</translation>
    </message>
    <message>
      <source>For text: each token embedded, 1-D convolutions over 3, 4 and 5 tokens, and the largest response of each filter anywhere in the document (the padding never counts). Fast, and strong on topics and keywords.</source>
      <translation>用于文本：每个词元先做嵌入，再用跨 3、4、5 个词元的一维卷积，取每个滤波器在文档任意位置的最大响应（补齐部分从不计入）。速度快，擅长主题和关键词。</translation>
    </message>
    <message>
      <source>For text: each token embedded, then a GRU reads the document word by word; its state after the last word classifies it. Packed sequences skip the padding.</source>
      <translation>用于文本：每个词元先做嵌入，再由 GRU 逐词读完文档，用最后一个词之后的状态来分类。打包序列会跳过补齐部分。</translation>
    </message>
    <message>
      <source>Your own model from Python: a file saved with torch.jit.save(torch.jit.script(model)). Its last Linear layer is replaced to fit your classes; freeze the backbone to fine-tune it.</source>
      <translation>来自 Python 的自有模型：用 torch.jit.save(torch.jit.script(model)) 保存的文件。其最后一个 Linear 层会被替换以适配你的类别；冻结主干即可微调。</translation>
    </message>
    <message>
      <source>MLP: the width of each hidden layer, e.g. 256, 128.</source>
      <translation>MLP：每个隐藏层的宽度，例如 256, 128。</translation>
    </message>
    <message>
      <source>MLP: the non-linearity. ReLU trains deep stacks; sigmoid and tanh saturate and make gradients vanish as layers pile up.</source>
      <translation>MLP：非线性激活函数。ReLU 能训练深层网络；sigmoid 和 tanh 会饱和，随着层数堆叠导致梯度消失。</translation>
    </message>
    <message>
      <source>after each hidden layer</source>
      <translation>在每个隐藏层之后</translation>
    </message>
    <message>
      <source>Tables: normalise each hidden layer's outputs over the batch (%1).</source>
      <translation>表格：在批次上对每个隐藏层的输出做归一化（%1）。</translation>
    </message>
    <message>
      <source>Tables: each category as a learned embedding (nn.Embedding) or a one-hot vector (%1).</source>
      <translation>表格：每个类别表示为可学习的嵌入（nn.Embedding）或独热向量（%1）。</translation>
    </message>
    <message>
      <source>MLP and VGG: the share of units switched off at random while training (0 = none).</source>
      <translation>MLP 和 VGG：训练时随机关闭的单元比例（0 = 不关闭）。</translation>
    </message>
    <message>
      <source> px</source>
      <translation> px</translation>
    </message>
    <message>
      <source>as the transforms say</source>
      <translation>由变换决定</translation>
    </message>
    <message>
      <source>The side of the square images the model sees: every Resize and crop of both pipelines follows it. Smaller is much faster (64 px is 12x less work than 224 px) and is often enough for photos.</source>
      <translation>模型看到的正方形图像边长：两个流水线中的所有 Resize 和裁剪都随之调整。越小越快（64 px 的计算量是 224 px 的 1/12），对照片通常已足够。</translation>
    </message>
    <message>
      <source>model.pt, saved with torch.jit.save</source>
      <translation>model.pt，用 torch.jit.save 保存</translation>
    </message>
    <message>
      <source>Browse…</source>
      <translation>浏览…</translation>
    </message>
    <message>
      <source>backbone, or layer names: conv1, layer1</source>
      <translation>backbone，或层名称：conv1, layer1</translation>
    </message>
    <message>
      <source>Parameters that do not train: "backbone" is every layer but the classifier head; or names from the summary (a name freezes everything under it).</source>
      <translation>不参与训练的参数："backbone" 表示除分类头以外的所有层；也可填写摘要中的名称（一个名称会冻结其下的全部参数）。</translation>
    </message>
    <message>
      <source>Model</source>
      <translation>模型</translation>
    </message>
    <message>
      <source>Built-in model</source>
      <translation>内置模型</translation>
    </message>
    <message>
      <source>Image size</source>
      <translation>图像尺寸</translation>
    </message>
    <message>
      <source>TorchScript file</source>
      <translation>TorchScript 文件</translation>
    </message>
    <message>
      <source>Freeze</source>
      <translation>冻结</translation>
    </message>
    <message>
      <source>Hidden layers</source>
      <translation>隐藏层</translation>
    </message>
    <message>
      <source>Activation</source>
      <translation>激活函数</translation>
    </message>
    <message>
      <source>Dropout</source>
      <translation>Dropout</translation>
    </message>
    <message>
      <source>Batch norm</source>
      <translation>批归一化</translation>
    </message>
    <message>
      <source>Categories</source>
      <translation>类别列</translation>
    </message>
    <message>
      <source>Layer</source>
      <translation>层</translation>
    </message>
    <message>
      <source>Type</source>
      <translation>类型</translation>
    </message>
    <message>
      <source>Output shape</source>
      <translation>输出形状</translation>
    </message>
    <message>
      <source>Parameters</source>
      <translation>参数</translation>
    </message>
    <message>
      <source>TorchScript model</source>
      <translation>TorchScript 模型</translation>
    </message>
    <message>
      <source>TorchScript (*.pt *.pth *.ptl);;All files (*)</source>
      <translation>TorchScript (*.pt *.pth *.ptl);;所有文件 (*)</translation>
    </message>
    <message>
      <source>Open experiment…</source>
      <translation>打开实验…</translation>
    </message>
    <message>
      <source>Save experiment…</source>
      <translation>保存实验…</translation>
    </message>
    <message>
      <source>Grid…</source>
      <translation>网格…</translation>
    </message>
    <message>
      <source>Queue every combination of a few settings (e.g. learning rate x weight decay) and compare them.</source>
      <translation>把几个设置的所有组合（例如 学习率 × 权重衰减）加入队列并进行比较。</translation>
    </message>
    <message>
      <source>Search…</source>
      <translation>搜索…</translation>
    </message>
    <message>
      <source>Search learning rate, weight decay, batch size, ...: trials drawn at random, the weaker ones stopped early, the best against the experiment as it is.</source>
      <translation>搜索学习率、权重衰减、批大小等：随机抽取试验，较弱的提前停止，最好的与当前实验对比。</translation>
    </message>
    <message>
      <source>Find LR…</source>
      <translation>寻找学习率…</translation>
    </message>
    <message>
      <source>Learning-rate range test: a short run with a growing rate, the loss plotted against it, and a suggested rate.</source>
      <translation>学习率范围测试：以逐渐增大的学习率做一次短暂运行，绘制损失随学习率的变化，并给出建议学习率。</translation>
    </message>
    <message>
      <source>Fit batch…</source>
      <translation>适配批大小…</translation>
    </message>
    <message>
      <source>Measure the largest batch that fits in memory, and the gradient accumulation that reaches the batch you want.</source>
      <translation>测量内存能容纳的最大批大小，以及达到目标批大小所需的梯度累积步数。</translation>
    </message>
    <message>
      <source>PyTorch code…</source>
      <translation>PyTorch 代码…</translation>
    </message>
    <message>
      <source>This experiment written as a PyTorch script: the Dataset, the DataLoader, the nn.Module, the optimizer and the loop (zero_grad, forward, loss, backward, step), to read, copy or save as train.py.</source>
      <translation>把这个实验写成 PyTorch 脚本：Dataset、DataLoader、nn.Module、优化器和训练循环（zero_grad、前向、损失、反向传播、step），可阅读、复制或另存为 train.py。</translation>
    </message>
    <message>
      <source>Graph…</source>
      <translation>图…</translation>
    </message>
    <message>
      <source>The model as a graph (each module's output shape and parameters, ResNet's skips as they are) and the autograd graph of one training step: every grad_fn, the leaf tensors, what each saved for backward.</source>
      <translation>把模型画成图（每个模块的输出形状和参数，ResNet 的跳跃连接按原样画出），以及一步训练的 autograd 图：每个 grad_fn、叶子张量，以及各自为反向传播保存的张量。</translation>
    </message>
    <message>
      <source>Import a dataset on the Data page to see the model for its images.</source>
      <translation>在数据页面导入数据集，即可查看针对其图像的模型。</translation>
    </message>
    <message>
      <source>This model cannot take these images: %1</source>
      <translation>此模型无法处理这些图像：%1</translation>
    </message>
    <message>
      <source>Input %1 · %2 parameters (%3 trainable) · parameters %4 MB, buffers %5 MB, model size %6 MB</source>
      <translation>输入 %1 · %2 个参数（%3 个可训练）· 参数 %4 MB，缓冲区 %5 MB，模型大小 %6 MB</translation>
    </message>
    <message>
      <source>Not while a run trains in this window</source>
      <translation>本窗口正在训练时不可用</translation>
    </message>
  </context>
  <context>
    <name>trainscope::widgets::ParallelCoordinates</name>
    <message>
      <source>Drag along an axis to keep only the trials in that range; click an axis to clear its range.</source>
      <translation>沿某条轴拖动，只保留该范围内的试验；单击轴可清除其范围。</translation>
    </message>
    <message>
      <source>No trials yet</source>
      <translation>还没有试验</translation>
    </message>
  </context>
  <context>
    <name>trainscope::ui::PredictDialog</name>
    <message>
      <source>Try the model — %1</source>
      <translation>试用模型 — %1</translation>
    </message>
    <message>
      <source>Drop images here, or pick them. Each shows the model's five most likely classes and the input it saw after the validation transforms.</source>
      <translation>将图像拖放到这里，或选择图像。每张图像显示模型认为最可能的五个类别，以及经过验证变换后模型看到的输入。</translation>
    </message>
    <message>
      <source>Pick images…</source>
      <translation>选择图像…</translation>
    </message>
    <message>
      <source>Images to classify</source>
      <translation>要分类的图像</translation>
    </message>
    <message>
      <source>Images (*.jpg *.jpeg *.png *.bmp *.webp *.tif *.tiff *.ppm *.pgm)</source>
      <translation>图像 (*.jpg *.jpeg *.png *.bmp *.webp *.tif *.tiff *.ppm *.pgm)</translation>
    </message>
    <message numerus="yes">
      <source>Classifying %n image(s)…</source>
      <translation>
        <numerusform>正在分类 %n 张图像…</numerusform>
      </translation>
    </message>
    <message>
      <source>Drop more images, or pick them.</source>
      <translation>可继续拖放或选择图像。</translation>
    </message>
    <message>
      <source>What the model saw: %1x%2</source>
      <translation>模型看到的输入：%1x%2</translation>
    </message>
  </context>
  <context>
    <name>trainscope::ui::PytorchCodeDialog</name>
    <message>
      <source>The experiment as PyTorch code</source>
      <translation>实验的 PyTorch 代码</translation>
    </message>
    <message>
      <source>Writing the script…</source>
      <translation>正在生成脚本…</translation>
    </message>
    <message>
      <source>Copy</source>
      <translation>复制</translation>
    </message>
    <message>
      <source>Save…</source>
      <translation>保存…</translation>
    </message>
    <message>
      <source>No script for this experiment yet: %1 (%2).</source>
      <translation>暂时无法为这个实验生成脚本：%1（%2）。</translation>
    </message>
    <message>
      <source>What this experiment does, written as a PyTorch script: the Dataset, the DataLoader, the model as an nn.Module with the same layer names, the optimizer and the loop. Save it as train.py and run it with /usr/bin/python3 train.py.</source>
      <translation>这个实验所做的一切，写成 PyTorch 脚本：Dataset、DataLoader、层名相同的 nn.Module 模型、优化器和训练循环。另存为 train.py，用 /usr/bin/python3 train.py 运行。</translation>
    </message>
    <message>
      <source>Not written out (the engine applies them, the script does not): %1.</source>
      <translation>脚本未写出的设置（引擎会应用，脚本不会）：%1。</translation>
    </message>
    <message>
      <source>Save the PyTorch script</source>
      <translation>保存 PyTorch 脚本</translation>
    </message>
    <message>
      <source>Python (*.py);;All files (*)</source>
      <translation>Python (*.py);;所有文件 (*)</translation>
    </message>
    <message>
      <source>Cannot write %1: %2</source>
      <translation>无法写入 %1：%2</translation>
    </message>
  </context>
  <context>
    <name>QObject</name>
    <message>
      <source>Export the trained model</source>
      <translation>导出训练好的模型</translation>
    </message>
    <message>
      <source>TorchScript for Python (*.pt);;ONNX for OpenCV, onnxruntime (*.onnx)</source>
      <translation>用于 Python 的 TorchScript (*.pt);;用于 OpenCV、onnxruntime 的 ONNX (*.onnx)</translation>
    </message>
    <message>
      <source>Export failed</source>
      <translation>导出失败</translation>
    </message>
    <message>
      <source>Model exported</source>
      <translation>模型已导出</translation>
    </message>
    <message>
      <source>Model: %1
Preprocessing (input size, mean/std, classes): %2
Weights: %3</source>
      <translation>模型：%1
预处理（输入尺寸、均值/标准差、类别）：%2
权重：%3</translation>
    </message>
    <message>
      <source>%1, its weights' moving average</source>
      <translation>%1（其权重的滑动平均）</translation>
    </message>
    <message>
      <source>batch %1: %2 MiB
</source>
      <translation>批大小 %1：%2 MiB
</translation>
    </message>
    <message>
      <source>One training step and the validation pass, measured (%1):
%2
Budget: %3 MiB. No batch fits without activation checkpointing.</source>
      <translation>一个训练步和一次验证的实测（%1）：
%2
预算：%3 MiB。不开启激活检查点时放不下任何批。</translation>
    </message>
    <message>
      <source>One training step and the validation pass, measured (%1):
%2
Budget: %3 MiB. The largest batch that fits: %4; for an effective batch of %5, accumulate %6 step(s).</source>
      <translation>一个训练步和一次验证的实测（%1）：
%2
预算：%3 MiB。能放下的最大批：%4；要达到等效批 %5，需累积 %6 步。</translation>
    </message>
    <message>
      <source>With activation checkpointing (%1 segments recomputed in backward), no larger batch fits on this measure:
%2</source>
      <translation>开启激活检查点（%1 段在反向传播时重算）后，按此度量放不下更大的批：
%2</translation>
    </message>
    <message>
      <source>With activation checkpointing (%1 segments; all but the last keep no activations and are computed again in backward, so each step takes longer):
%2
The largest batch that fits: %3; for an effective batch of %4, accumulate %5 step(s).</source>
      <translation>开启激活检查点（%1 段；除最后一段外都不保留激活，在反向传播时重新计算，因此每步更慢）：
%2
能放下的最大批：%3；要达到等效批 %4，需累积 %5 步。</translation>
    </message>
    <message>
      <source>Batch size</source>
      <translation>批大小</translation>
    </message>
    <message>
      <source>Apply</source>
      <translation>应用</translation>
    </message>
    <message>
      <source>Apply with checkpointing</source>
      <translation>连同检查点一起应用</translation>
    </message>
    <message>
      <source>The check failed: %1</source>
      <translation>检查失败：%1</translation>
    </message>
  </context>
  <context>
    <name>trainscope::widgets::ResidualPlot</name>
    <message>
      <source>perfect (predicted = true)</source>
      <translation>完美（预测值 = 真实值）</translation>
    </message>
    <message>
      <source>validation rows</source>
      <translation>验证集的行</translation>
    </message>
    <message>
      <source>true %1</source>
      <translation>真实的 %1</translation>
    </message>
    <message>
      <source>predicted %1</source>
      <translation>预测的 %1</translation>
    </message>
  </context>
  <context>
    <name>trainscope::ui::ResidualsView</name>
    <message>
      <source>No validation row has a prediction yet.</source>
      <translation>还没有任何验证行的预测。</translation>
    </message>
    <message>
      <source>%1 validation rows at the last epoch: MAE %2, RMSE %3, R² %4. Points above the diagonal are predicted too high, below it too low.</source>
      <translation>最后一个 epoch 的 %1 个验证行：平均绝对误差 %2，均方根误差 %3，决定系数 R² %4。对角线上方的点预测偏高，下方的点预测偏低。</translation>
    </message>
    <message>
      <source>Row</source>
      <translation>行</translation>
    </message>
    <message>
      <source>True</source>
      <translation>真实值</translation>
    </message>
    <message>
      <source>Predicted</source>
      <translation>预测值</translation>
    </message>
    <message>
      <source>Residual</source>
      <translation>残差</translation>
    </message>
    <message>
      <source>The validation rows the model is furthest off on: click one to see its values</source>
      <translation>模型偏差最大的验证行：点击一行查看它的各列取值</translation>
    </message>
    <message>
      <source>Column</source>
      <translation>列</translation>
    </message>
    <message>
      <source>Value</source>
      <translation>取值</translation>
    </message>
    <message>
      <source>missing</source>
      <translation>缺失</translation>
    </message>
    <message>
      <source>The validation predictions of the last epoch, read in %1 s.</source>
      <translation>最后一个 epoch 的验证集预测，读取用时 %1 秒。</translation>
    </message>
    <message>
      <source>No predictions yet: they are written at the end of each epoch.</source>
      <translation>还没有预测：它们在每个 epoch 结束时写入。</translation>
    </message>
    <message>
      <source>residuals.h5: %1</source>
      <translation>residuals.h5：%1</translation>
    </message>
  </context>
  <context>
    <name>trainscope::ui::ResumeBanner</name>
    <message numerus="yes">
      <source>%1 stopped early after %2 of its %n epoch(s): its validation metric had stopped improving. It can still train further from its checkpoint, in the same run.</source>
      <translation>
        <numerusform>%1 在其 %n 轮中的第 %2 轮后提前停止：其验证指标不再改进。它仍可从检查点继续训练，仍在同一次运行中。</numerusform>
      </translation>
    </message>
    <message numerus="yes">
      <source>%1 trained all its %n epoch(s). It can train further from its checkpoint, in the same run.</source>
      <translation>
        <numerusform>%1 已训练完全部 %n 个 epoch。它可以从检查点继续训练，仍在同一次运行中。</numerusform>
      </translation>
    </message>
    <message numerus="yes">
      <source>%1 of %n epoch(s), step %2</source>
      <translation>
        <numerusform>第 %1 / %n 轮，第 %2 步</numerusform>
      </translation>
    </message>
    <message>
      <source>%1 was interrupted after %2: the app or the machine stopped during the run. Resume continues it from its last checkpoint, in the same run.</source>
      <translation>%1 在%2之后被中断：运行期间应用或机器停止了。“恢复训练”会从最后一个检查点出发，在同一个运行中继续。</translation>
    </message>
    <message>
      <source>%1 failed after %2. Resume continues it from its last checkpoint, in the same run.</source>
      <translation>%1 在%2之后失败。“恢复训练”会从最后一个检查点出发，在同一个运行中继续。</translation>
    </message>
    <message>
      <source>%1 stopped after %2. Resume trains the rest in the same run: its steps and curves go on.</source>
      <translation>%1 在%2之后停止。“恢复训练”会在同一个运行中训练剩下的部分：步数和曲线接着往下走。</translation>
    </message>
    <message>
      <source>Resume</source>
      <translation>恢复训练</translation>
    </message>
    <message>
      <source>Continue this run from its last checkpoint: the same folder, its steps and curves go on (trainscope-cli resume).</source>
      <translation>从最后一个检查点继续这个运行：同一个文件夹，步数和曲线接着往下走（trainscope-cli resume）。</translation>
    </message>
    <message>
      <source>Resume with more epochs…</source>
      <translation>以更多轮次恢复…</translation>
    </message>
    <message>
      <source>Continue this run, training to more epochs than it was given.</source>
      <translation>继续这个运行，训练到比原先设定更多的轮次。</translation>
    </message>
    <message>
      <source>Dismiss</source>
      <translation>关闭</translation>
    </message>
    <message>
      <source>Resume with more epochs</source>
      <translation>以更多轮次恢复</translation>
    </message>
    <message numerus="yes">
      <source>%1 has completed %2 of its %n epoch(s). Train until epoch:</source>
      <translation>
        <numerusform>%1 已完成 %n 轮中的 %2 轮。训练到第几轮：</numerusform>
      </translation>
    </message>
  </context>
  <context>
    <name>trainscope::ui::RunActions</name>
    <message>
      <source>TensorBoard log folder</source>
      <translation>TensorBoard 日志文件夹</translation>
    </message>
    <message>
      <source>Export to TensorBoard</source>
      <translation>导出到 TensorBoard</translation>
    </message>
    <message>
      <source>Writing TensorBoard event files…</source>
      <translation>正在写入 TensorBoard 事件文件…</translation>
    </message>
    <message>
      <source>Wrote %1 scalar values and %2 histograms to
%3

View them with:
tensorboard --logdir %4</source>
      <translation>已将 %1 个标量值和 %2 个直方图写入
%3

查看方法：
tensorboard --logdir %4</translation>
    </message>
    <message>
      <source>Save the run's report</source>
      <translation>保存运行报告</translation>
    </message>
    <message>
      <source>Web page (*.html)</source>
      <translation>网页 (*.html)</translation>
    </message>
    <message>
      <source>Save report</source>
      <translation>保存报告</translation>
    </message>
    <message>
      <source>Writing the report…</source>
      <translation>正在写入报告…</translation>
    </message>
    <message>
      <source>No report: %1</source>
      <translation>无法生成报告：%1</translation>
    </message>
    <message>
      <source>Cannot write %1: %2</source>
      <translation>无法写入 %1：%2</translation>
    </message>
    <message>
      <source>Wrote %1: one file with the curves, the confusion matrix, the top mistakes and the experiment. It opens in any browser, offline.</source>
      <translation>已写入 %1：一个文件，包含曲线、混淆矩阵、最主要的错误和实验设置。任何浏览器都能离线打开。</translation>
    </message>
    <message>
      <source>Left out: %1</source>
      <translation>未包含：%1</translation>
    </message>
    <message>
      <source>The folder of the class's runs and bundles</source>
      <translation>全班的运行和打包文件所在的文件夹</translation>
    </message>
    <message>
      <source>Copying the runs into %1…</source>
      <translation>正在把运行复制到 %1…</translation>
    </message>
    <message>
      <source>Collect runs</source>
      <translation>收集运行</translation>
    </message>
    <message>
      <source>TensorBoard log folder to import</source>
      <translation>要导入的 TensorBoard 日志文件夹</translation>
    </message>
    <message>
      <source>Import TensorBoard runs</source>
      <translation>导入 TensorBoard 运行</translation>
    </message>
    <message>
      <source>Reading TensorBoard event files…</source>
      <translation>正在读取 TensorBoard 事件文件…</translation>
    </message>
    <message>
      <source>Skipped %1: %2</source>
      <translation>已跳过 %1：%2</translation>
    </message>
    <message>
      <source>%1: %2 scalar values, %3 histograms</source>
      <translation>%1：%2 个标量值，%3 个直方图</translation>
    </message>
    <message>
      <source> (%1 damaged records skipped)</source>
      <translation>（跳过了 %1 条损坏的记录）</translation>
    </message>
    <message numerus="yes">
      <source>Imported %n TensorBoard run(s) into %1:</source>
      <translation>
        <numerusform>已将 %n 个 TensorBoard 运行导入 %1：</numerusform>
      </translation>
    </message>
    <message>
      <source>Save the reproducibility bundle</source>
      <translation>保存可复现性包</translation>
    </message>
    <message>
      <source>Bundles (*.tar)</source>
      <translation>可复现性包 (*.tar)</translation>
    </message>
    <message>
      <source>Reproducibility bundle</source>
      <translation>可复现性包</translation>
    </message>
    <message>
      <source>Fingerprinting the dataset and writing the bundle…</source>
      <translation>正在计算数据集指纹并写入可复现性包…</translation>
    </message>
    <message>
      <source>Wrote %1 (%2 MB): the config, versions, seed, threads, %3 dataset files fingerprinted and the checkpoint.

Check it on any machine with:
trainscope-cli verify %1</source>
      <translation>已写入 %1（%2 MB）：配置、版本、随机种子、线程数、%3 个数据集文件的指纹以及检查点。

在任意机器上验证：
trainscope-cli verify %1</translation>
    </message>
    <message>
      <source>Rename run</source>
      <translation>重命名运行</translation>
    </message>
    <message>
      <source>Name shown for %1:</source>
      <translation>%1 的显示名称：</translation>
    </message>
    <message>
      <source>Tags</source>
      <translation>标签</translation>
    </message>
    <message>
      <source>Tags, separated by commas:</source>
      <translation>标签，以逗号分隔：</translation>
    </message>
    <message>
      <source>Note</source>
      <translation>备注</translation>
    </message>
    <message>
      <source>A note on %1:</source>
      <translation>关于 %1 的备注：</translation>
    </message>
    <message>
      <source>Delete run</source>
      <translation>删除运行</translation>
    </message>
    <message>
      <source>%1 is still training: stop it first.</source>
      <translation>%1 仍在训练：请先停止它。</translation>
    </message>
    <message>
      <source>Delete %1 and everything in its folder?
%2
This cannot be undone.</source>
      <translation>删除 %1 及其文件夹中的所有内容？
%2
此操作无法撤销。</translation>
    </message>
    <message>
      <source>Resume</source>
      <translation>恢复训练</translation>
    </message>
    <message>
      <source>Continue the run from its last checkpoint in the app's window, on the Train page.</source>
      <translation>在应用窗口的训练页面中，从最后一个检查点继续这个运行。</translation>
    </message>
    <message>
      <source>Resume with more epochs…</source>
      <translation>以更多轮次恢复…</translation>
    </message>
    <message>
      <source>Follow live</source>
      <translation>实时跟随</translation>
    </message>
    <message>
      <source>Watch the run on the Train, Inspect and Mistakes pages as its writer (a script, the CLI, another machine) trains it: read-only, updated every second.</source>
      <translation>在训练、检查和错误页面上观看该运行，由其写入者（脚本、命令行或另一台机器）训练：只读，每秒更新。</translation>
    </message>
    <message>
      <source>Use as baseline</source>
      <translation>设为基准</translation>
    </message>
    <message>
      <source>Compare the ticked runs against this one: the table under the plot gains columns of their differences from it.</source>
      <translation>以此运行为基准比较勾选的运行：图下方的表格会增加各运行与它的差值列。</translation>
    </message>
    <message>
      <source>Rewind and fork…</source>
      <translation>回退并派生…</translation>
    </message>
    <message>
      <source>Go back to a checkpoint of the run's ring and train a child run from there with other settings.</source>
      <translation>回到该运行检查点环中的某个检查点，从那里用其他设置训练一个子运行。</translation>
    </message>
    <message>
      <source>Show family</source>
      <translation>显示家族</translation>
    </message>
    <message>
      <source>Plot the run with the run it was forked from and all its forks, as one tree of curves.</source>
      <translation>把该运行、它派生自的运行以及它的所有派生运行画成一棵曲线树。</translation>
    </message>
    <message>
      <source>Rename…</source>
      <translation>重命名…</translation>
    </message>
    <message>
      <source>Tags…</source>
      <translation>标签…</translation>
    </message>
    <message>
      <source>Note…</source>
      <translation>备注…</translation>
    </message>
    <message>
      <source>Delete…</source>
      <translation>删除…</translation>
    </message>
    <message>
      <source>Export for Python / ONNX…</source>
      <translation>导出给 Python / ONNX…</translation>
    </message>
    <message>
      <source>Try it…</source>
      <translation>试一试…</translation>
    </message>
    <message>
      <source>Try on camera or video…</source>
      <translation>在摄像头或视频上试用…</translation>
    </message>
    <message>
      <source>Export run to TensorBoard…</source>
      <translation>将运行导出到 TensorBoard…</translation>
    </message>
    <message>
      <source>Reproducibility bundle…</source>
      <translation>可复现性包…</translation>
    </message>
    <message>
      <source>Save report…</source>
      <translation>保存报告…</translation>
    </message>
    <message>
      <source>Clear the baseline</source>
      <translation>取消基准</translation>
    </message>
  </context>
  <context>
    <name>trainscope::ui::RunDifferences</name>
    <message>
      <source>Only the settings that differ between the ticked runs, with their results.</source>
      <translation>只列出所勾选运行之间不同的设置及其结果。</translation>
    </message>
    <message>
      <source>(not set)</source>
      <translation>（未设置）</translation>
    </message>
    <message>
      <source>yes</source>
      <translation>是</translation>
    </message>
    <message>
      <source>no</source>
      <translation>否</translation>
    </message>
    <message>
      <source>(none)</source>
      <translation>（无）</translation>
    </message>
    <message>
      <source>Run</source>
      <translation>运行</translation>
    </message>
    <message>
      <source>Best val acc</source>
      <translation>最佳验证准确率</translation>
    </message>
    <message>
      <source>Final val acc</source>
      <translation>最终验证准确率</translation>
    </message>
    <message>
      <source>Steps</source>
      <translation>步数</translation>
    </message>
    <message>
      <source>Δ best (points)</source>
      <translation>Δ 最佳（百分点）</translation>
    </message>
    <message>
      <source>Δ final (points)</source>
      <translation>Δ 最终（百分点）</translation>
    </message>
    <message>
      <source>(baseline)</source>
      <translation>（基准）</translation>
    </message>
    <message>
      <source>baseline</source>
      <translation>基准</translation>
    </message>
  </context>
  <context>
    <name>trainscope::ui::RunQueue</name>
    <message>
      <source>the NaN guard stopped it. %1</source>
      <translation>NaN 守卫停止了它。%1</translation>
    </message>
    <message>
      <source>%1: %2</source>
      <translation>%1：%2</translation>
    </message>
    <message>
      <source>exit code %1</source>
      <translation>退出码 %1</translation>
    </message>
  </context>
  <context>
    <name>trainscope::ui::SampleDetail</name>
    <message>
      <source>Click an image to see it here.</source>
      <translation>点击一张图像在此查看。</translation>
    </message>
    <message>
      <source>The image as stored.</source>
      <translation>存储的原始图像。</translation>
    </message>
    <message>
      <source>Grad-CAM: where the evidence for the predicted class lies (red most), from the gradients of its score at the last convolutional layer, with the run's last weights.</source>
      <translation>Grad-CAM：预测类别的证据所在位置（红色最多），由该类得分在最后一个卷积层的梯度求得，使用运行的最新权重。</translation>
    </message>
    <message>
      <source>p(label)</source>
      <translation>p(标签)</translation>
    </message>
    <message>
      <source>loss</source>
      <translation>损失</translation>
    </message>
    <message>
      <source>epoch</source>
      <translation>epoch</translation>
    </message>
    <message>
      <source>Relabel</source>
      <translation>改标签</translation>
    </message>
    <message>
      <source>Give this training image the chosen class in the next run.</source>
      <translation>在下一次运行中给这张训练图像所选的类别。</translation>
    </message>
    <message>
      <source>Exclude</source>
      <translation>排除</translation>
    </message>
    <message>
      <source>Leave this training image out of the next run.</source>
      <translation>在下一次运行中不使用这张训练图像。</translation>
    </message>
    <message>
      <source>Undo</source>
      <translation>撤销</translation>
    </message>
    <message>
      <source>Forget the correction of this image.</source>
      <translation>删除这张图像的更正。</translation>
    </message>
    <message>
      <source>Similar images</source>
      <translation>相似图像</translation>
    </message>
    <message>
      <source>The images nearest to this one in the model's features, on the feature map</source>
      <translation>在特征地图上查看模型特征中与此图像最接近的图像</translation>
    </message>
    <message>
      <source>Click an image to see it here: its Grad-CAM, its history and its label.</source>
      <translation>点击一张图像在此查看：它的 Grad-CAM、历史和标签。</translation>
    </message>
    <message>
      <source>Training image %1</source>
      <translation>训练图像 %1</translation>
    </message>
    <message>
      <source>Validation image %1</source>
      <translation>验证图像 %1</translation>
    </message>
    <message>
      <source>Label: %1
Predicted: %2
p(label) %3 · loss %4
%5</source>
      <translation>标签：%1
预测：%2
p(标签) %3 · 损失 %4
%5</translation>
    </message>
    <message numerus="yes">
      <source>Forgotten %n time(s) (right, then wrong in a later epoch)</source>
      <translation>
        <numerusform>被遗忘 %n 次（先对，后来某个 epoch 又错）</numerusform>
      </translation>
    </message>
    <message>
      <source>Computing Grad-CAM…</source>
      <translation>正在计算 Grad-CAM……</translation>
    </message>
    <message>
      <source>No Grad-CAM: %1</source>
      <translation>无 Grad-CAM：%1</translation>
    </message>
    <message>
      <source>Grad-CAM of %1 at layer %2 (%3 s). Top: %4</source>
      <translation>%1 的 Grad-CAM，位于层 %2（%3 秒）。前几名：%4</translation>
    </message>
    <message>
      <source>Validation images have no history: the run keeps only their last epoch's prediction.</source>
      <translation>验证图像没有历史：运行只保存它们最后一个 epoch 的预测。</translation>
    </message>
    <message>
      <source>Corrections apply to training images.</source>
      <translation>更正只适用于训练图像。</translation>
    </message>
    <message>
      <source>Not corrected.</source>
      <translation>未更正。</translation>
    </message>
    <message>
      <source>Excluded from the next run</source>
      <translation>下一次运行中排除</translation>
    </message>
    <message>
      <source>Relabelled to %1 for the next run</source>
      <translation>下一次运行中改标为 %1</translation>
    </message>
    <message>
      <source>(the working experiment trains on another dataset: it does not use this file)</source>
      <translation>（当前实验使用另一个数据集：不会使用此文件）</translation>
    </message>
  </context>
  <context>
    <name>trainscope::ui::SearchDialog</name>
    <message>
      <source>Search hyperparameters</source>
      <translation>搜索超参数</translation>
    </message>
    <message>
      <source>Trials draw these settings at random (or take every combination) with the rest of the current experiment. The experiment as it is trains too, as the preset to beat.</source>
      <translation>每个试验随机抽取这些设置（或取每种组合），其余设置与当前实验相同。当前实验本身也会训练，作为要超越的预设。</translation>
    </message>
    <message>
      <source>Random</source>
      <translation>随机</translation>
    </message>
    <message>
      <source>Grid (every combination)</source>
      <translation>网格（每种组合）</translation>
    </message>
    <message>
      <source>Stop the weaker trials early (successive halving)</source>
      <translation>提前停止较弱的试验（逐次减半）</translation>
    </message>
    <message>
      <source>At epochs 1, 3, 9, ... a trial below the best third of those that reached that epoch stops, and a new trial takes its place.</source>
      <translation>在第 1、3、9…… 个 epoch，低于到达该 epoch的试验中前三分之一的试验会停止，由新的试验接替。</translation>
    </message>
    <message>
      <source>Two trials at once (cores split between them)</source>
      <translation>同时运行两个试验（平分 CPU 核心）</translation>
    </message>
    <message>
      <source>Setting</source>
      <translation>设置</translation>
    </message>
    <message>
      <source>Drawn as</source>
      <translation>抽取方式</translation>
    </message>
    <message>
      <source>Range or values</source>
      <translation>范围或取值</translation>
    </message>
    <message>
      <source>Trials</source>
      <translation>试验数</translation>
    </message>
    <message>
      <source>Start search</source>
      <translation>开始搜索</translation>
    </message>
    <message>
      <source>log-uniform</source>
      <translation>对数均匀</translation>
    </message>
    <message>
      <source>uniform</source>
      <translation>均匀</translation>
    </message>
    <message>
      <source>integer</source>
      <translation>整数</translation>
    </message>
    <message>
      <source>values</source>
      <translation>取值列表</translation>
    </message>
    <message>
      <source>low, high; or values, separated by commas</source>
      <translation>下限, 上限；或用逗号分隔的取值</translation>
    </message>
    <message>
      <source>%1 trials (the preset and %2 drawn), %3 epochs each.</source>
      <translation>共 %1 个试验（预设和 %2 个抽取的），每个 %3 个 epoch。</translation>
    </message>
    <message>
      <source>Trials are judged at epochs %1.</source>
      <translation>在第 %1 个 epoch 评判试验。</translation>
    </message>
  </context>
  <context>
    <name>trainscope::ui::SearchProcess</name>
    <message>
      <source>trainscope-cli was not found next to the app</source>
      <translation>在应用旁边找不到 trainscope-cli</translation>
    </message>
    <message>
      <source>trainscope-cli could not start</source>
      <translation>trainscope-cli 无法启动</translation>
    </message>
  </context>
  <context>
    <name>trainscope::ui::SearchWindow</name>
    <message>
      <source>Search</source>
      <translation>搜索</translation>
    </message>
    <message>
      <source>Clear ranges</source>
      <translation>清除范围</translation>
    </message>
    <message>
      <source>Stop search</source>
      <translation>停止搜索</translation>
    </message>
    <message>
      <source>The trials stop after their current step and keep their records; resume the search later.</source>
      <translation>试验在当前步骤后停止并保留记录；之后可以继续搜索。</translation>
    </message>
    <message>
      <source>Resume search</source>
      <translation>继续搜索</translation>
    </message>
    <message>
      <source>Compare trials</source>
      <translation>比较试验</translation>
    </message>
    <message>
      <source>The trials in the plot's ranges (or the selected ones) on the Compare page, against the preset.</source>
      <translation>在比较页面中显示图中范围内（或选中）的试验，并以预设为基准。</translation>
    </message>
    <message>
      <source>A search is running; stop it first.</source>
      <translation>有一个搜索正在运行，请先停止它。</translation>
    </message>
    <message>
      <source>Starting the search…</source>
      <translation>正在启动搜索…</translation>
    </message>
    <message>
      <source>The search could not run: %1</source>
      <translation>搜索无法运行：%1</translation>
    </message>
    <message>
      <source>Search %1</source>
      <translation>搜索 %1</translation>
    </message>
    <message>
      <source>Trial</source>
      <translation>试验</translation>
    </message>
    <message>
      <source>Status</source>
      <translation>状态</translation>
    </message>
    <message>
      <source>Epochs</source>
      <translation>epoch 数</translation>
    </message>
    <message>
      <source>Run folder</source>
      <translation>运行文件夹</translation>
    </message>
    <message>
      <source>Best so far: trial %1, %2 %3.</source>
      <translation>目前最好：试验 %1，%2 %3。</translation>
    </message>
  </context>
  <context>
    <name>trainscope::ui::SystemPage</name>
    <message>
      <source>Memory (this process)</source>
      <translation>内存（本进程）</translation>
    </message>
    <message>
      <source>CPU (share of the usable cores)</source>
      <translation>CPU（占可用核心的比例）</translation>
    </message>
    <message>
      <source>GPU memory, CUDA allocator</source>
      <translation>GPU 显存，CUDA 分配器</translation>
    </message>
    <message>
      <source>GPU device memory</source>
      <translation>GPU 设备显存</translation>
    </message>
    <message>
      <source>GPU utilisation (NVML)</source>
      <translation>GPU 利用率（NVML）</translation>
    </message>
    <message>
      <source>GPU power (NVML)</source>
      <translation>GPU 功耗（NVML）</translation>
    </message>
    <message>
      <source>The share of the last second a kernel ran on the GPU, and its temperature, as nvidia-smi reports them (NVIDIA's management library, loaded when the driver is installed).</source>
      <translation>上一秒内 GPU 上有内核运行的时间比例及其温度，与 nvidia-smi 报告的一致（英伟达管理库，安装驱动后加载）。</translation>
    </message>
    <message>
      <source>The GPU's power draw against its enforced limit, as nvidia-smi reports them.</source>
      <translation>GPU 功耗与其强制上限，与 nvidia-smi 报告的一致。</translation>
    </message>
    <message>
      <source>Resident memory of Trainscope: model, optimizer state, batches in flight, curves.</source>
      <translation>Trainscope 的常驻内存：模型、优化器状态、处理中的批次、曲线。</translation>
    </message>
    <message>
      <source>Allocated by tensors / reserved by LibTorch's caching allocator (peak allocated).</source>
      <translation>张量已分配 / LibTorch 缓存分配器已保留（已分配峰值）。</translation>
    </message>
    <message>
      <source>Used on the whole device, by every process (what nvidia-smi shows).</source>
      <translation>整个设备上被所有进程使用的量（即 nvidia-smi 显示的值）。</translation>
    </message>
    <message>
      <source>seconds</source>
      <translation>秒</translation>
    </message>
    <message>
      <source>memory (MB)</source>
      <translation>内存 (MB)</translation>
    </message>
    <message>
      <source>CPU (%)</source>
      <translation>CPU (%)</translation>
    </message>
    <message>
      <source>resident memory (MB)</source>
      <translation>常驻内存 (MB)</translation>
    </message>
    <message>
      <source>step</source>
      <translation>步数</translation>
    </message>
    <message>
      <source>samples/s</source>
      <translation>样本/秒</translation>
    </message>
    <message>
      <source>data wait (%)</source>
      <translation>等待数据 (%)</translation>
    </message>
    <message>
      <source>waiting for data (%)</source>
      <translation>等待数据 (%)</translation>
    </message>
    <message>
      <source>A high data-wait share means the model waits for the DataLoader: add workers (%1) or make the transforms cheaper.</source>
      <translation>等待数据占比高意味着模型在等待 DataLoader：增加工作线程（%1）或降低变换的开销。</translation>
    </message>
    <message>
      <source>Versions, CUDA and devices, threads, and a timed matrix multiply.</source>
      <translation>版本、CUDA 与设备、线程，以及一次计时的矩阵乘法。</translation>
    </message>
    <message>
      <source>Run check</source>
      <translation>运行检查</translation>
    </message>
    <message>
      <source>The same check as `trainscope-cli doctor` (about a second; best while nothing trains).</source>
      <translation>与 `trainscope-cli doctor` 相同的检查（约一秒；最好在没有训练时运行）。</translation>
    </message>
    <message>
      <source>Environment</source>
      <translation>环境</translation>
    </message>
    <message>
      <source>Checking…</source>
      <translation>正在检查…</translation>
    </message>
    <message>
      <source>%1 of %2</source>
      <translation>%1 / %2</translation>
    </message>
    <message>
      <source>%1% of %2 cores</source>
      <translation>%1%（共 %2 个核心）</translation>
    </message>
    <message>
      <source>%1 · other processes: %2 cores</source>
      <translation>%1 · 其他进程：%2 个核心</translation>
    </message>
    <message>
      <source>not available on this system</source>
      <translation>此系统上不可用</translation>
    </message>
    <message>
      <source>%1 allocated, %2 reserved, peak %3</source>
      <translation>已分配 %1，已保留 %2，峰值 %3</translation>
    </message>
    <message>
      <source>%1 of %2 on %3</source>
      <translation>%3 上 %1 / %2</translation>
    </message>
    <message>
      <source>GPU allocated (MB)</source>
      <translation>GPU 已分配 (MB)</translation>
    </message>
    <message>
      <source>, %1 °C</source>
      <translation>，%1 °C</translation>
    </message>
    <message>
      <source>%1% on %2%3</source>
      <translation>%2 上 %1%%3</translation>
    </message>
    <message>
      <source>%1 reports no utilisation</source>
      <translation>%1 未报告利用率</translation>
    </message>
    <message>
      <source>%1 W of %2 W</source>
      <translation>%1 W / %2 W</translation>
    </message>
    <message>
      <source>%1 W, no power limit reported</source>
      <translation>%1 W，未报告功耗上限</translation>
    </message>
    <message>
      <source>%1 reports no power draw</source>
      <translation>%1 未报告功耗</translation>
    </message>
  </context>
  <context>
    <name>trainscope::ui::TableBrowser</name>
    <message>
      <source>number</source>
      <translation>数值</translation>
    </message>
    <message>
      <source>category</source>
      <translation>类别</translation>
    </message>
    <message>
      <source>text</source>
      <translation>文本</translation>
    </message>
    <message>
      <source>identifier</source>
      <translation>标识符</translation>
    </message>
    <message>
      <source>%1 … %2, median %3</source>
      <translation>%1 … %2，中位数 %3</translation>
    </message>
    <message>
      <source>%1 levels: %2</source>
      <translation>%1 个取值：%2</translation>
    </message>
    <message>
      <source>The line of the file each row starts on</source>
      <translation>每一行在文件中起始的行号</translation>
    </message>
    <message>
      <source>The column the model learns to predict (%1)</source>
      <translation>模型学习预测的列（%1）</translation>
    </message>
    <message>
      <source>auto classifies text or a few whole numbers, and regresses any other number (%1)</source>
      <translation>“自动”对文本或少数几个整数做分类，对其他数值做回归（%1）</translation>
    </message>
    <message>
      <source>auto</source>
      <translation>自动</translation>
    </message>
    <message>
      <source>classification</source>
      <translation>分类</translation>
    </message>
    <message>
      <source>regression</source>
      <translation>回归</translation>
    </message>
    <message>
      <source>Try the model…</source>
      <translation>试用模型…</translation>
    </message>
    <message>
      <source>Type in a row, or start from the selected one, and see what the latest model trained on a table predicts</source>
      <translation>输入一行（或从所选行开始），看看最近在表格上训练的模型会预测什么</translation>
    </message>
    <message>
      <source>Classify this text…</source>
      <translation>对此文本分类…</translation>
    </message>
    <message>
      <source>Select a text column: the model then reads its documents (%1) and predicts the target's class from them alone</source>
      <translation>选择一个文本列：模型将读取其中的文档（%1），仅凭它们预测目标的类别</translation>
    </message>
    <message>
      <source>Predict</source>
      <translation>预测</translation>
    </message>
    <message>
      <source>as</source>
      <translation>作为</translation>
    </message>
    <message>
      <source>Column</source>
      <translation>列</translation>
    </message>
    <message>
      <source>Type</source>
      <translation>类型</translation>
    </message>
    <message>
      <source>Use</source>
      <translation>用途</translation>
    </message>
    <message>
      <source>Missing</source>
      <translation>缺失</translation>
    </message>
    <message>
      <source>Values</source>
      <translation>取值</translation>
    </message>
    <message>
      <source>Whether the model learns from the column: untick one to leave it out (%1)</source>
      <translation>模型是否从该列学习：取消勾选即可排除它（%1）</translation>
    </message>
    <message>
      <source>feature</source>
      <translation>特征</translation>
    </message>
    <message>
      <source>%1 rows × %2 columns. %3: %4 training and %5 validation rows; the model learns from %6 of the columns; rows skipped: %7.</source>
      <translation>%1 行 × %2 列。%3：%4 个训练行和 %5 个验证行；模型从其中 %6 列学习；跳过的行：%7。</translation>
    </message>
    <message>
      <source>Regression</source>
      <translation>回归</translation>
    </message>
    <message>
      <source>Classification into %1 classes</source>
      <translation>分为 %1 个类别</translation>
    </message>
    <message>
      <source>Profiling the columns…</source>
      <translation>正在分析各列…</translation>
    </message>
    <message>
      <source>missing in %1 of %2 rows</source>
      <translation>%2 行中有 %1 行缺失</translation>
    </message>
    <message>
      <source>target</source>
      <translation>目标</translation>
    </message>
    <message>
      <source>not used</source>
      <translation>未使用</translation>
    </message>
    <message>
      <source>What the model learns to predict</source>
      <translation>模型学习预测的对象</translation>
    </message>
    <message>
      <source>The model learns from it</source>
      <translation>模型从该列学习</translation>
    </message>
    <message>
      <source>left out</source>
      <translation>已排除</translation>
    </message>
    <message>
      <source>An identifier: its values are mostly distinct, so they name rows and teach nothing</source>
      <translation>标识符：取值几乎各不相同，只用来区分行，无法从中学到东西</translation>
    </message>
    <message>
      <source>Free text: the table model does not read it</source>
      <translation>自由文本：表格模型不读取它</translation>
    </message>
    <message>
      <source>Left out by this experiment (%1 or %2)</source>
      <translation>被本实验排除（%1 或 %2）</translation>
    </message>
    <message>
      <source>%1, the target: rows of each class per split</source>
      <translation>%1（目标）：各划分中每个类别的行数</translation>
    </message>
    <message>
      <source>%1, the target: distribution of its values</source>
      <translation>%1（目标）：取值分布</translation>
    </message>
    <message>
      <source>%1: distribution of its values</source>
      <translation>%1：取值分布</translation>
    </message>
    <message>
      <source>%1: its %2 most frequent of %3 levels</source>
      <translation>%1：%3 个取值中最常见的 %2 个</translation>
    </message>
    <message>
      <source>%1 is %2: nothing to chart</source>
      <translation>%1 是%2：无图可画</translation>
    </message>
  </context>
  <context>
    <name>trainscope::ui::TableModel</name>
    <message>
      <source>missing</source>
      <translation>缺失</translation>
    </message>
    <message>
      <source>%1: the target, what the model predicts</source>
      <translation>%1：目标，即模型预测的列</translation>
    </message>
  </context>
  <context>
    <name>trainscope::ui::TextBrowser</name>
    <message>
      <source>train</source>
      <translation>训练</translation>
    </message>
    <message>
      <source>validation</source>
      <translation>验证</translation>
    </message>
    <message>
      <source>Document</source>
      <translation>文档</translation>
    </message>
    <message>
      <source>Class</source>
      <translation>类别</translation>
    </message>
    <message>
      <source>Split</source>
      <translation>划分</translation>
    </message>
    <message>
      <source>Tokens</source>
      <translation>词元数</translation>
    </message>
    <message>
      <source>Try the model…</source>
      <translation>试用模型…</translation>
    </message>
    <message>
      <source>The latest model trained on text, on the selected document or one you type.</source>
      <translation>用最近一个在文本上训练的模型，处理选中的文档或你输入的文档。</translation>
    </message>
    <message>
      <source>%1 documents (%2 training, %3 validation) in %4 classes. Tokens per training document: median %5, longest %6. The vocabulary's %7 tokens (&lt;pad&gt; and &lt;unk&gt; included) cover %8% of the training tokens; the rest read as &lt;unk&gt;.</source>
      <translation>%1 篇文档（训练 %2 篇，验证 %3 篇），共 %4 个类别。每篇训练文档的词元数：中位数 %5，最长 %6。词表的 %7 个词元（含 &lt;pad&gt; 和 &lt;unk&gt;）覆盖了训练词元的 %8%，其余读作 &lt;unk&gt;。</translation>
    </message>
    <message>
      <source>Tokens per document (training)</source>
      <translation>每篇文档的词元数（训练集）</translation>
    </message>
    <message>
      <source>What the model reads</source>
      <translation>模型读到的内容</translation>
    </message>
  </context>
  <context>
    <name>trainscope::ui::TextMistakesView</name>
    <message>
      <source>Document</source>
      <translation>文档</translation>
    </message>
    <message>
      <source>True class</source>
      <translation>真实类别</translation>
    </message>
    <message>
      <source>Predicted</source>
      <translation>预测</translation>
    </message>
    <message>
      <source>The validation mistakes of the last epoch, read in %1 s.</source>
      <translation>最后一个 epoch 的验证集错误，读取用时 %1 秒。</translation>
    </message>
    <message>
      <source>No mistakes recorded yet: they are written at the end of each epoch.</source>
      <translation>还没有记录错误：它们在每个 epoch 结束时写入。</translation>
    </message>
    <message>
      <source>saliency.h5: %1</source>
      <translation>saliency.h5：%1</translation>
    </message>
    <message>
      <source>%1 of the %2 validation documents were misclassified at the last epoch. Pick one to see which words decided: green pushed the model towards its wrong answer, red against it (gradient × embedding).</source>
      <translation>最后一个 epoch 中，%2 篇验证文档里有 %1 篇分类错误。选择一篇，看看是哪些词起了决定作用：绿色把模型推向错误答案，红色则相反（梯度 × 嵌入）。</translation>
    </message>
    <message>
      <source>True class: %1 · predicted: %2</source>
      <translation>真实类别：%1 · 预测：%2</translation>
    </message>
  </context>
  <context>
    <name>trainscope::ui::TrainPage</name>
    <message>
      <source>Start</source>
      <translation>开始</translation>
    </message>
    <message>
      <source>Train the experiment (F5). The run is recorded under the runs folder, as from the CLI.</source>
      <translation>训练该实验（F5）。运行记录保存在 runs 文件夹下，与使用 CLI 时相同。</translation>
    </message>
    <message>
      <source>Pause</source>
      <translation>暂停</translation>
    </message>
    <message>
      <source>Step</source>
      <translation>单步</translation>
    </message>
    <message>
      <source>While paused: train one batch and show what each layer made of its first image (F7).</source>
      <translation>暂停时：训练一个批次，并显示每一层对其第一张图像的输出（F7）。</translation>
    </message>
    <message>
      <source>Stop</source>
      <translation>停止</translation>
    </message>
    <message>
      <source>Processes: </source>
      <translation>进程数：</translation>
    </message>
    <message>
      <source>Train on this many processes of this machine, data parallel (torch.distributed over Gloo, as torchrun): each takes its share of every batch's samples and of the cores. Pause and Step are not offered then; Stop stops every process with a checkpoint.</source>
      <translation>在本机的这么多个进程上数据并行训练（torch.distributed，Gloo 后端，与 torchrun 相同）：每个进程处理每批样本的一部分，并分得一部分 CPU 核心。此时不提供“暂停”和“单步”；“停止”会让所有进程一起停止并保存检查点。</translation>
    </message>
    <message>
      <source>Stop after the current step. The run keeps its record and a checkpoint to resume from.</source>
      <translation>在当前步结束后停止。该运行会保留其记录和用于恢复的检查点。</translation>
    </message>
    <message>
      <source>Memory</source>
      <translation>内存</translation>
    </message>
    <message>
      <source>step</source>
      <translation>步数</translation>
    </message>
    <message>
      <source>loss</source>
      <translation>损失</translation>
    </message>
    <message>
      <source>training loss</source>
      <translation>训练损失</translation>
    </message>
    <message>
      <source>validation loss</source>
      <translation>验证损失</translation>
    </message>
    <message>
      <source>EMA validation loss</source>
      <translation>滑动平均权重的验证损失</translation>
    </message>
    <message>
      <source>epoch</source>
      <translation>epoch</translation>
    </message>
    <message>
      <source>accuracy</source>
      <translation>准确率</translation>
    </message>
    <message>
      <source>training accuracy</source>
      <translation>训练准确率</translation>
    </message>
    <message>
      <source>validation accuracy</source>
      <translation>验证准确率</translation>
    </message>
    <message>
      <source>validation R²</source>
      <translation>验证集 R²</translation>
    </message>
    <message>
      <source>EMA validation accuracy</source>
      <translation>滑动平均权重的验证准确率</translation>
    </message>
    <message>
      <source>EMA validation R²</source>
      <translation>滑动平均权重的验证 R²</translation>
    </message>
    <message>
      <source>learning rate</source>
      <translation>学习率</translation>
    </message>
    <message>
      <source>padding share (per step)</source>
      <translation>补齐占比（每步）</translation>
    </message>
    <message>
      <source>Smoothing of the training loss (an exponential moving average, as TensorBoard's). The raw curve stays faint behind it.</source>
      <translation>训练损失的平滑（指数移动平均，与 TensorBoard 相同）。原始曲线以浅色留在其后。</translation>
    </message>
    <message>
      <source>Smoothing 0.60</source>
      <translation>平滑 0.60</translation>
    </message>
    <message>
      <source>Reset view</source>
      <translation>重置视图</translation>
    </message>
    <message>
      <source>Drag to pan, wheel to zoom; this (or a double-click) follows the data again.</source>
      <translation>拖动平移，滚轮缩放；点击此处（或双击）可重新跟随数据。</translation>
    </message>
    <message>
      <source>Smoothing %1</source>
      <translation>平滑 %1</translation>
    </message>
    <message>
      <source>The run failed: %1</source>
      <translation>运行失败：%1</translation>
    </message>
    <message>
      <source>Cannot resume: %1</source>
      <translation>无法恢复：%1</translation>
    </message>
    <message>
      <source>Breakpoint: %1
Resume (F6) to go on, or Run ▸ Rewind and Fork… to go back and try other settings.</source>
      <translation>断点：%1
按“继续”（F6）继续训练，或用“运行 ▸ 回退并派生…”回到之前的检查点并尝试其他设置。</translation>
    </message>
    <message>
      <source>Paused at epoch %1/%2 · step %3/%4 — press Resume (F6) to go on</source>
      <translation>已暂停于第 %1/%2 个 epoch · 第 %3/%4 步 —— 按“继续”（F6）接着训练</translation>
    </message>
    <message>
      <source>%1: %2</source>
      <translation>%1：%2</translation>
    </message>
    <message>
      <source>elapsed %1</source>
      <translation>已用 %1</translation>
    </message>
    <message>
      <source>paused · elapsed %1</source>
      <translation>已暂停 · 已用 %1</translation>
    </message>
    <message>
      <source>%1 samples/s · elapsed %2 · ETA %3</source>
      <translation>%1 样本/秒 · 已用时 %2 · 预计剩余 %3</translation>
    </message>
    <message numerus="yes">
      <source> · %1 of %n thread(s) while other work holds the CPUs</source>
      <translation>
        <numerusform> · 其他任务占用 CPU 期间使用 %1/%n 个线程</numerusform>
      </translation>
    </message>
    <message numerus="yes">
      <source> · %n thread(s), waiting asleep while other work holds the CPUs</source>
      <translation>
        <numerusform> · %n 个线程，其他任务占用 CPU 期间休眠等待</numerusform>
      </translation>
    </message>
    <message>
      <source>Stopping…</source>
      <translation>正在停止……</translation>
    </message>
    <message>
      <source>Stop following</source>
      <translation>停止跟随</translation>
    </message>
    <message>
      <source>Resume</source>
      <translation>继续</translation>
    </message>
    <message>
      <source>Continue training (F6)</source>
      <translation>继续训练（F6）</translation>
    </message>
    <message>
      <source>Pause between two steps (F6)</source>
      <translation>在两步之间暂停（F6）</translation>
    </message>
    <message>
      <source>Import a dataset on the Data page first.</source>
      <translation>请先在数据页面导入数据集。</translation>
    </message>
    <message>
      <source>Start is blocked until the experiment is valid:
%1</source>
      <translation>实验有效之前无法开始：
%1</translation>
    </message>
    <message>
      <source>Cannot start: %1</source>
      <translation>无法开始：%1</translation>
    </message>
    <message>
      <source>Starting…</source>
      <translation>正在启动……</translation>
    </message>
    <message>
      <source>Pausing after this step…</source>
      <translation>本步结束后暂停……</translation>
    </message>
    <message>
      <source>Stepping one batch…</source>
      <translation>正在单步执行一个批次……</translation>
    </message>
    <message>
      <source>Stopping after this step…</source>
      <translation>本步结束后停止……</translation>
    </message>
    <message>
      <source>Run folder: %1 · followed live, read-only</source>
      <translation>运行文件夹：%1 · 实时跟随，只读</translation>
    </message>
    <message numerus="yes">
      <source>Run folder: %1 · %2, %n thread(s)</source>
      <translation>
        <numerusform>运行文件夹：%1 · %2，%n 个线程</numerusform>
      </translation>
    </message>
    <message>
      <source>R²</source>
      <translation>R²</translation>
    </message>
    <message>
      <source>padding share</source>
      <translation>补齐占比</translation>
    </message>
    <message>
      <source>epoch %1/%2 · validating</source>
      <translation>第 %1/%2 个 epoch · 正在验证</translation>
    </message>
    <message>
      <source>epoch %1/%2 · step %3/%4</source>
      <translation>第 %1/%2 个 epoch · 第 %3/%4 步</translation>
    </message>
    <message>
      <source>A run is already in progress: stop it first.</source>
      <translation>已有一个运行在进行中：请先停止它。</translation>
    </message>
    <message>
      <source>Resuming from the last checkpoint…</source>
      <translation>正在从最后一个检查点恢复…</translation>
    </message>
    <message>
      <source>Cannot follow the run: %1</source>
      <translation>无法跟随该运行：%1</translation>
    </message>
    <message>
      <source>Following %1: read-only, as its writer trains it…</source>
      <translation>正在跟随 %1：只读，由其写入者训练…</translation>
    </message>
    <message>
      <source>Run folder: %1</source>
      <translation>运行文件夹：%1</translation>
    </message>
    <message>
      <source>The curves recorded before this point could not be read: %1</source>
      <translation>无法读取此前记录的曲线：%1</translation>
    </message>
  </context>
  <context>
    <name>trainscope::ui::TrainingController</name>
    <message>
      <source>A run is already in progress.</source>
      <translation>已有一个运行正在进行。</translation>
    </message>
  </context>
  <context>
    <name>trainscope::ui::TryCameraDialog</name>
    <message>
      <source>Try %1 on a camera or a video</source>
      <translation>在摄像头或视频上试用 %1</translation>
    </message>
    <message>
      <source>Loading the model…</source>
      <translation>正在加载模型…</translation>
    </message>
    <message>
      <source>Camera %1</source>
      <translation>摄像头 %1</translation>
    </message>
    <message>
      <source>Start camera</source>
      <translation>打开摄像头</translation>
    </message>
    <message>
      <source>Open video…</source>
      <translation>打开视频…</translation>
    </message>
    <message>
      <source>A video file (MP4, AVI, MKV, WebM, ...) plays as a camera would.</source>
      <translation>视频文件（MP4、AVI、MKV、WebM 等）像摄像头一样播放。</translation>
    </message>
    <message>
      <source>Stop</source>
      <translation>停止</translation>
    </message>
    <message>
      <source> per second</source>
      <translation> 次/秒</translation>
    </message>
    <message>
      <source>How often a frame is classified; the video itself plays at its own speed.</source>
      <translation>每秒对画面分类的次数；视频本身按原速播放。</translation>
    </message>
    <message>
      <source>Classify</source>
      <translation>分类频率</translation>
    </message>
    <message>
      <source>Open a video</source>
      <translation>打开视频</translation>
    </message>
    <message>
      <source>Videos (*.mp4 *.avi *.mkv *.webm *.mov *.mjpg);;All files (*)</source>
      <translation>视频 (*.mp4 *.avi *.mkv *.webm *.mov *.mjpg);;所有文件 (*)</translation>
    </message>
    <message>
      <source>Save frame (S)</source>
      <translation>保存画面 (S)</translation>
    </message>
    <message>
      <source>Saves the frame shown as a PNG into the class's folder of the run's image folder.</source>
      <translation>把当前画面保存为 PNG，放进该运行图像文件夹中这个类别的文件夹。</translation>
    </message>
    <message>
      <source>Add to class</source>
      <translation>加入类别</translation>
    </message>
    <message>
      <source>This run's model cannot be used: %1</source>
      <translation>无法使用此运行的模型：%1</translation>
    </message>
    <message>
      <source>Start a camera or open a video.</source>
      <translation>打开摄像头或视频。</translation>
    </message>
    <message>
      <source>Frames can be saved for a run on an image folder whose class folders are still there.</source>
      <translation>只有在图像文件夹上训练、且类别文件夹仍然存在的运行才能保存画面。</translation>
    </message>
    <message>
      <source>Into %1</source>
      <translation>保存到 %1</translation>
    </message>
    <message>
      <source>Playing %1</source>
      <translation>正在播放 %1</translation>
    </message>
    <message>
      <source>%1 · %2 ms a frame</source>
      <translation>%1 · 每帧 %2 毫秒</translation>
    </message>
    <message>
      <source>No frame came.</source>
      <translation>没有收到任何画面。</translation>
    </message>
    <message numerus="yes">
      <source>Stopped after %n frame(s).</source>
      <translation>
        <numerusform>播放 %n 帧后停止。</numerusform>
      </translation>
    </message>
    <message>
      <source>No folder for the class %1.</source>
      <translation>类别 %1 没有文件夹。</translation>
    </message>
    <message>
      <source>No frame to save yet.</source>
      <translation>还没有可保存的画面。</translation>
    </message>
    <message>
      <source>Not saved: %1</source>
      <translation>未保存：%1</translation>
    </message>
    <message>
      <source>Saved %1 into %2. Open the folder again on the Data page to train with it.</source>
      <translation>已将 %1 保存到 %2。在数据页重新打开该文件夹即可用它训练。</translation>
    </message>
  </context>
  <context>
    <name>trainscope::ui::TryTableDialog</name>
    <message>
      <source>Try the model of %1</source>
      <translation>试用 %1 的模型</translation>
    </message>
    <message>
      <source>Loading the model…</source>
      <translation>正在加载模型…</translation>
    </message>
    <message>
      <source>Change any value: the model answers at once. An empty field is a missing value.</source>
      <translation>修改任意取值，模型会立即给出回答。空白字段表示缺失值。</translation>
    </message>
    <message>
      <source>This run's model cannot be used: %1</source>
      <translation>无法使用这次运行的模型：%1</translation>
    </message>
    <message>
      <source>missing: the training median, %1</source>
      <translation>缺失：使用训练集中位数 %1</translation>
    </message>
    <message>
      <source>The row's own %1: %2</source>
      <translation>该行自己的 %1：%2</translation>
    </message>
    <message>
      <source>Predicted %1: %2</source>
      <translation>预测的 %1：%2</translation>
    </message>
    <message>
      <source>Predicted %1: %2
%3</source>
      <translation>预测的 %1：%2
%3</translation>
    </message>
  </context>
  <context>
    <name>trainscope::ui::TryTextDialog</name>
    <message>
      <source>Try the model of %1</source>
      <translation>试用 %1 的模型</translation>
    </message>
    <message>
      <source>Loading the model…</source>
      <translation>正在加载模型…</translation>
    </message>
    <message>
      <source>Type or paste a document: the model answers as you write.</source>
      <translation>输入或粘贴一篇文档：模型会随着你的输入立即作答。</translation>
    </message>
    <message>
      <source>What the model reads</source>
      <translation>模型读到的内容</translation>
    </message>
    <message>
      <source>This run's model cannot be used: %1</source>
      <translation>此运行的模型无法使用：%1</translation>
    </message>
    <message>
      <source>Predicted: %1
%2</source>
      <translation>预测：%1
%2</translation>
    </message>
  </context>
  <context>
    <name>trainscope::ui::WelcomeDialog</name>
    <message>
      <source>Welcome to Trainscope</source>
      <translation>欢迎使用 Trainscope</translation>
    </message>
    <message>
      <source>&lt;h3&gt;Welcome to Trainscope&lt;/h3&gt;&lt;p&gt;Trainscope trains neural networks with LibTorch and shows what happens inside them while they learn.&lt;/p&gt;&lt;p&gt;&lt;b&gt;Ready to go:&lt;/b&gt; Fashion-MNIST is loaded and a LeNet is set up. Press &lt;b&gt;Start&lt;/b&gt; (F5) on the Train page and watch the curves; the Inspect and Mistakes pages show the layers and the errors.&lt;/p&gt;&lt;p&gt;&lt;b&gt;New to PyTorch practice?&lt;/b&gt; The &lt;b&gt;Lessons&lt;/b&gt; page replays classic lessons of PyTorch practice (zero_grad, train() and eval(), learning rates, overfitting, seeds…), each in one click, and compares the runs side by side.&lt;/p&gt;&lt;p&gt;&lt;b&gt;Your own images:&lt;/b&gt; File &amp;gt; Open Image Folder (a folder per class), or drop a folder on the window.&lt;/p&gt;&lt;p&gt;Runs are kept in &lt;code&gt;%1&lt;/code&gt;.&lt;/p&gt;</source>
      <translation>&lt;h3&gt;欢迎使用 Trainscope&lt;/h3&gt;&lt;p&gt;Trainscope 用 LibTorch 训练神经网络，并在训练过程中展示网络内部发生的一切。&lt;/p&gt;&lt;p&gt;&lt;b&gt;即刻开始：&lt;/b&gt;Fashion-MNIST 已加载，LeNet 已设置好。在“训练”页按&lt;b&gt;开始&lt;/b&gt;（F5），观察曲线；“检查”和“错误”页展示各层与模型犯的错误。&lt;/p&gt;&lt;p&gt;&lt;b&gt;刚接触 PyTorch 实践？&lt;/b&gt;&lt;b&gt;课程&lt;/b&gt;页一键重现 PyTorch 实践中的经典课程（zero_grad、train() 与 eval()、学习率、过拟合、随机种子…），并把各次运行并排比较。&lt;/p&gt;&lt;p&gt;&lt;b&gt;你自己的图像：&lt;/b&gt;文件 &amp;gt; 打开图像文件夹（每个类别一个文件夹），或把文件夹拖到窗口上。&lt;/p&gt;&lt;p&gt;运行记录保存在 &lt;code&gt;%1&lt;/code&gt;。&lt;/p&gt;</translation>
    </message>
    <message>
      <source>Open the Lessons</source>
      <translation>打开课程</translation>
    </message>
    <message>
      <source>Start exploring</source>
      <translation>开始探索</translation>
    </message>
  </context>
  <context>
    <name>main</name>
    <message>
      <source>Train and debug neural networks, and watch them learn.</source>
      <translation>训练和调试神经网络，观察它们的学习过程。</translation>
    </message>
    <message>
      <source>Experiment JSON to open.</source>
      <translation>要打开的实验 JSON 文件。</translation>
    </message>
    <message>
      <source>Image folder or CSV table to import, or fashion-mnist.</source>
      <translation>要导入的图像文件夹或 CSV 表格，或 fashion-mnist。</translation>
    </message>
    <message>
      <source>Train briefly, save each page as PNG into the folder, quit.</source>
      <translation>简短训练，将每个页面以 PNG 保存到该文件夹，然后退出。</translation>
    </message>
    <message>
      <source>Interface language: en or zh_CN.</source>
      <translation>界面语言：en 或 zh_CN。</translation>
    </message>
    <message>
      <source>Start, load the dataset and the lessons, say what was found, quit.</source>
      <translation>启动，加载数据集和课程，报告找到的内容后退出。</translation>
    </message>
    <message>
      <source>Run folder to follow live, as File &gt; Follow Run... does.</source>
      <translation>要实时跟随的运行文件夹，与“文件 &gt; 跟随运行…”相同。</translation>
    </message>
  </context>
  <context>
    <name>trainscope::Collect</name>
    <message>
      <source>the teacher's run %1</source>
      <translation>教师的运行 %1</translation>
    </message>
    <message>
      <source>the teacher's experiment %1</source>
      <translation>教师的实验 %1</translation>
    </message>
    <message>
      <source>each other</source>
      <translation>彼此</translation>
    </message>
  </context>
  <context>
    <name>trainscope::Config</name>
    <message>
      <source>Seed</source>
      <translation>随机种子</translation>
    </message>
    <message>
      <source>Seeds weight initialisation, shuffling and augmentation. Same seed, same run.</source>
      <translation>用于权重初始化、数据打乱和数据增强的随机种子。相同的种子，相同的运行。</translation>
    </message>
    <message>
      <source>Deterministic</source>
      <translation>确定性</translation>
    </message>
    <message>
      <source>Only deterministic kernels: bit-identical reruns at some speed cost. On the CPU, the same seed and thread count already repeat exactly.</source>
      <translation>仅使用确定性内核：重新运行结果逐位相同，但会损失一些速度。在 CPU 上，相同的随机种子和线程数本身就能精确复现。</translation>
    </message>
    <message>
      <source>Threads</source>
      <translation>线程数</translation>
    </message>
    <message>
      <source>LibTorch compute threads; 0 uses every core this process may use.</source>
      <translation>LibTorch 计算线程数；0 表示使用本进程可用的全部核心。</translation>
    </message>
    <message>
      <source>Epochs</source>
      <translation>epoch 数</translation>
    </message>
    <message>
      <source>Passes over the training set. Watch the validation curve to see when more stop helping.</source>
      <translation>遍历训练集的次数。观察验证曲线，看何时增加 epoch 不再有帮助。</translation>
    </message>
    <message>
      <source>words</source>
      <translation>按词</translation>
    </message>
    <message>
      <source>characters</source>
      <translation>按字符</translation>
    </message>
    <message>
      <source>Batch size</source>
      <translation>批大小</translation>
    </message>
    <message>
      <source>Images per step. Larger batches are faster per image but need more memory and often a larger learning rate.</source>
      <translation>每步的图像数。更大的批次按每张图像计算更快，但需要更多内存，且通常需要更大的学习率。</translation>
    </message>
    <message>
      <source>Loader workers</source>
      <translation>加载线程数</translation>
    </message>
    <message>
      <source>Threads preparing batches while the model trains. Raise it when the data-wait share is high.</source>
      <translation>在模型训练时准备批次的线程。当等待数据占比较高时调高。</translation>
    </message>
    <message>
      <source>to the batch's longest</source>
      <translation>补齐到批次最长</translation>
    </message>
    <message>
      <source>to the dataset's longest</source>
      <translation>补齐到数据集最长</translation>
    </message>
    <message>
      <source>Unfreeze at epoch</source>
      <translation>解冻于第几个 epoch</translation>
    </message>
    <message>
      <source>Fine-tuning: from this epoch on, the frozen layers (Model page) train too. 0 keeps them frozen.</source>
      <translation>微调：从这个 epoch 开始，被冻结的层（模型页面）也参与训练。0 表示始终冻结。</translation>
    </message>
    <message>
      <source>Backbone LR factor</source>
      <translation>主干学习率系数</translation>
    </message>
    <message>
      <source>Fine-tuning: the learning rate of every layer but the classifier head, as a share of the rate (0.1 is common). 1 trains all alike.</source>
      <translation>微调：除分类头以外所有层的学习率，占学习率的比例（常用 0.1）。1 表示所有层相同。</translation>
    </message>
    <message>
      <source>embedding</source>
      <translation>嵌入</translation>
    </message>
    <message>
      <source>one-hot</source>
      <translation>独热</translation>
    </message>
    <message>
      <source>Activation checkpointing (segments)</source>
      <translation>激活检查点（段数）</translation>
    </message>
    <message>
      <source>Trades compute for memory: the layers are cut into this many segments and all but the last keep no activations; backward recomputes them. Start near the square root of the layer count, and measure. 0 is off.</source>
      <translation>以计算换内存：各层切成这么多段，除最后一段外都不保留激活，由反向传播重新计算。段数可从层数的平方根左右开始，再实测。0 表示关闭。</translation>
    </message>
    <message>
      <source>Optimizer</source>
      <translation>优化器</translation>
    </message>
    <message>
      <source>How the weights move. SGD with momentum is the classic and generalises well; Adam adapts a step size per weight and is forgiving of the learning rate; AdamW is Adam with weight decay done right.</source>
      <translation>权重如何更新。带动量的 SGD 是经典选择，泛化良好；Adam 为每个权重自适应步长，对学习率较宽容；AdamW 是正确实现了权重衰减的 Adam。</translation>
    </message>
    <message>
      <source>Learning rate</source>
      <translation>学习率</translation>
    </message>
    <message>
      <source>The size of each step. Too high and the loss jumps or becomes NaN; too low and nothing happens. Typical: 0.1-0.01 for SGD, 1e-3 to 3e-4 for Adam.</source>
      <translation>每一步的大小。过高时损失会跳动或变成 NaN；过低时几乎没有进展。典型值：SGD 为 0.1-0.01，Adam 为 1e-3 到 3e-4。</translation>
    </message>
    <message>
      <source>Momentum</source>
      <translation>动量</translation>
    </message>
    <message>
      <source>SGD only: how much of the previous step carries over, smoothing noisy gradients. 0.9 is the usual choice.</source>
      <translation>仅限 SGD：保留多少上一步的更新，用于平滑带噪声的梯度。通常取 0.9。</translation>
    </message>
    <message>
      <source>Nesterov</source>
      <translation>Nesterov</translation>
    </message>
    <message>
      <source>SGD only: looks ahead along the momentum before computing the gradient; often slightly better.</source>
      <translation>仅限 SGD：先沿动量方向向前看，再计算梯度；通常略好一些。</translation>
    </message>
    <message>
      <source>Weight decay</source>
      <translation>权重衰减</translation>
    </message>
    <message>
      <source>Pulls weights towards zero each step, a brake on overfitting. Try 1e-4 to 5e-4; raise it when the validation loss climbs while the training loss falls.</source>
      <translation>每一步将权重拉向零，用于抑制过拟合。可尝试 1e-4 到 5e-4；当验证损失上升而训练损失下降时调高。</translation>
    </message>
    <message>
      <source>constant</source>
      <translation>恒定</translation>
    </message>
    <message>
      <source>cosine</source>
      <translation>余弦</translation>
    </message>
    <message>
      <source>Schedule</source>
      <translation>调度</translation>
    </message>
    <message>
      <source>How the learning rate changes during training. Lowering it late lets the model settle into a minimum: step drops it by gamma every step_size epochs, cosine glides it down smoothly.</source>
      <translation>训练过程中学习率如何变化。后期降低学习率能让模型稳定到一个极小值：step 每隔 step_size 个 epoch 将其乘以 gamma，cosine 则平滑地逐渐降低。</translation>
    </message>
    <message>
      <source>Step size (epochs)</source>
      <translation>步长（epoch）</translation>
    </message>
    <message>
      <source>StepLR: epochs between two drops.</source>
      <translation>StepLR：两次下降之间的 epoch 数。</translation>
    </message>
    <message>
      <source>Gamma</source>
      <translation>Gamma</translation>
    </message>
    <message>
      <source>StepLR / MultiStepLR: the factor of each drop (0.1 = ten times smaller).</source>
      <translation>StepLR / MultiStepLR：每次下降的系数（0.1 = 缩小为十分之一）。</translation>
    </message>
    <message>
      <source>Milestones (epochs)</source>
      <translation>里程碑（epoch）</translation>
    </message>
    <message>
      <source>MultiStepLR: the epochs at which to drop, e.g. 30, 60.</source>
      <translation>MultiStepLR：在哪些 epoch 下降，例如 30, 60。</translation>
    </message>
    <message>
      <source>Minimum rate</source>
      <translation>最小学习率</translation>
    </message>
    <message>
      <source>Cosine: the learning rate it ends at.</source>
      <translation>余弦调度：学习率最终降到的值。</translation>
    </message>
    <message>
      <source>Warmup (epochs)</source>
      <translation>预热（epoch）</translation>
    </message>
    <message>
      <source>Start small and ramp up linearly over this many epochs: large models and large batches are unstable in their first steps. May be fractional, e.g. 0.5.</source>
      <translation>从较小值开始，在这么多个 epoch 内线性升高：大模型和大批次在最初几步并不稳定。可以是小数，例如 0.5。</translation>
    </message>
    <message>
      <source>Probes</source>
      <translation>探针</translation>
    </message>
    <message>
      <source>Statistics of every layer's output and gradient each step, and histograms, for the Inspect page and probes.h5. Within 3% of a step's time.</source>
      <translation>每一步记录每层输出和梯度的统计量以及直方图，供检查页面和 probes.h5 使用。开销不超过一步时间的 3%。</translation>
    </message>
    <message>
      <source>Histogram every (steps)</source>
      <translation>直方图间隔（步）</translation>
    </message>
    <message>
      <source>Steps between full histograms and update-to-weight ratios (0 = none). Each costs a pass over every activation and gradient.</source>
      <translation>完整直方图和更新/权重比率之间间隔的步数（0 = 不记录）。每次都需要遍历所有激活和梯度。</translation>
    </message>
    <message>
      <source>TensorBoard events</source>
      <translation>TensorBoard 事件</translation>
    </message>
    <message>
      <source>Also write TensorBoard event files in the run's tensorboard folder while it trains, so tensorboard --logdir shows it live.</source>
      <translation>训练时同时写入 TensorBoard 事件文件（在运行文件夹中），可在 TensorBoard 中实时查看。</translation>
    </message>
    <message>
      <source>Gradient accumulation</source>
      <translation>梯度累积</translation>
    </message>
    <message>
      <source>Sum the gradients of this many batches before one optimizer step: a large effective batch when memory is short.</source>
      <translation>在一次优化器更新前累加这么多个批次的梯度：内存不足时获得更大的等效批大小。</translation>
    </message>
    <message>
      <source>Clip gradient norm</source>
      <translation>梯度范数裁剪</translation>
    </message>
    <message>
      <source>Scales gradients down when their overall norm exceeds this (0 = off). A seat belt against exploding gradients; 1.0 to 5.0 is common.</source>
      <translation>当梯度的总范数超过此值时按比例缩小梯度（0 = 关闭）。防止梯度爆炸的安全带；常用 1.0 到 5.0。</translation>
    </message>
    <message>
      <source>Label smoothing</source>
      <translation>标签平滑</translation>
    </message>
    <message>
      <source>Trains towards 90% instead of 100% confidence (at 0.1), which calibrates the model and often helps a little.</source>
      <translation>以 90% 而非 100% 的置信度为训练目标（取 0.1 时），可校准模型，且通常略有帮助。</translation>
    </message>
    <message>
      <source>MixUp alpha</source>
      <translation>MixUp alpha</translation>
    </message>
    <message>
      <source>Blends each batch with a shuffled copy of itself, labels too (Beta(alpha, alpha) weights): a brake on overfitting small datasets. Try 0.2; 0 is off.</source>
      <translation>将每个批次与其打乱后的副本按 Beta(alpha, alpha) 权重混合，标签也一起混合：可抑制小数据集上的过拟合。可尝试 0.2；0 表示关闭。</translation>
    </message>
    <message>
      <source>CutMix alpha</source>
      <translation>CutMix alpha</translation>
    </message>
    <message>
      <source>Pastes a box from another image of the batch, labels weighted by its area. Try 1.0; 0 is off. With MixUp on too, each batch gets one of the two.</source>
      <translation>从同一批次的另一张图像中粘贴一个矩形区域，标签按面积加权。可尝试 1.0；0 表示关闭。若同时开启 MixUp，每个批次使用两者之一。</translation>
    </message>
    <message>
      <source>float32</source>
      <translation>float32（单精度）</translation>
    </message>
    <message>
      <source>bfloat16 (mixed)</source>
      <translation>bfloat16（混合精度）</translation>
    </message>
    <message>
      <source>Precision</source>
      <translation>数值精度</translation>
    </message>
    <message>
      <source>bfloat16 runs the forward pass's matrix products and convolutions in 16 bits (autocast), the weights staying 32-bit. Faster only on CPUs with native bfloat16 instructions (the System page's check says) and on recent GPUs.</source>
      <translation>bfloat16 以 16 位计算前向传播中的矩阵乘法和卷积（自动混合精度），权重仍为 32 位。只有在带原生 bfloat16 指令的 CPU（系统页的检查会说明）和较新的 GPU 上才更快。</translation>
    </message>
    <message>
      <source>pause</source>
      <translation>暂停</translation>
    </message>
    <message>
      <source>stop</source>
      <translation>停止</translation>
    </message>
    <message>
      <source>skip the batch</source>
      <translation>跳过该批次</translation>
    </message>
    <message>
      <source>off</source>
      <translation>关闭</translation>
    </message>
    <message>
      <source>NaN guard</source>
      <translation>NaN 防护</translation>
    </message>
    <message>
      <source>When the loss or a gradient becomes NaN or infinite: pause the run (and save the batch and the first bad layer to HDF5), stop it, or skip that batch and go on. The bad step is never applied. Its check costs about 1% of a step.</source>
      <translation>当损失或某个梯度变为 NaN 或无穷大时：暂停运行（并将该批次和第一个出错的层保存为 HDF5）、停止运行，或跳过该批次继续。出错的那一步永远不会被应用。该检查的开销约为一步的 1%。</translation>
    </message>
    <message>
      <source>Anomaly detection (slow)</source>
      <translation>异常检测（较慢）</translation>
    </message>
    <message>
      <source>autograd's detect_anomaly: every backward op checks its output and the first one producing NaN is named. Costs about half the speed: turn it on to chase a NaN, not to train.</source>
      <translation>autograd 的 detect_anomaly：每个反向运算都会检查其输出，并指出第一个产生 NaN 的运算。速度大约减半：用于追查 NaN，而非用于训练。</translation>
    </message>
    <message>
      <source>Break on loss spike (× mean)</source>
      <translation>损失突增时中断（× 均值）</translation>
    </message>
    <message>
      <source>Pause the run when a step's loss rises above this many times its running mean (3 is a sharp spike); 0 is off. Then look, resume, or rewind and fork it.</source>
      <translation>当某一步的损失超过其移动平均值的这么多倍时暂停运行（3 表示明显的突增）；0 为关闭。之后可以查看、继续，或回退并派生。</translation>
    </message>
    <message>
      <source>Break on accuracy drop</source>
      <translation>准确率下降时中断</translation>
    </message>
    <message>
      <source>Pause when validation accuracy falls this far below its best so far (0.05 is 5 points); 0 is off. A regression watches its R².</source>
      <translation>当验证准确率比目前最佳值低这么多时暂停（0.05 即 5 个百分点）；0 为关闭。回归任务看 R²。</translation>
    </message>
    <message>
      <source>Break on dead layer (share)</source>
      <translation>层死亡时中断（占比）</translation>
    </message>
    <message>
      <source>Pause when this share of a layer's outputs are exactly zero (0.9: nine in ten ReLU units dead); 0 is off. Needs the probes.</source>
      <translation>当某一层的输出中恰好为零的占比达到该值时暂停（0.9：十个 ReLU 单元中有九个死亡）；0 为关闭。需要开启探针。</translation>
    </message>
    <message>
      <source>Weight averaging (EMA decay)</source>
      <translation>权重滑动平均（衰减系数）</translation>
    </message>
    <message>
      <source>Keeps an exponential moving average of the weights, validated each epoch beside them; the average is then the model you export. 0.999 suits a few thousand steps; 0 is off. Validation takes twice as long.</source>
      <translation>保存权重的指数滑动平均，每个轮次与原权重一同验证；导出的模型即为该平均。几千步的训练适合 0.999；0 为关闭。验证耗时加倍。</translation>
    </message>
    <message>
      <source>Early stopping (patience)</source>
      <translation>早停（耐心轮数）</translation>
    </message>
    <message>
      <source>Stop when the validation metric has not improved for this many epochs (0 = off). The run then keeps its best epoch's weights, not its last.</source>
      <translation>验证指标连续这么多轮没有改进时停止训练（0 = 关闭）。运行随后保留最佳一轮的权重，而不是最后一轮的。</translation>
    </message>
    <message>
      <source>auto</source>
      <translation>自动</translation>
    </message>
    <message>
      <source>validation loss</source>
      <translation>验证损失</translation>
    </message>
    <message>
      <source>validation accuracy</source>
      <translation>验证准确率</translation>
    </message>
    <message>
      <source>validation MAE</source>
      <translation>验证平均绝对误差</translation>
    </message>
    <message>
      <source>validation RMSE</source>
      <translation>验证均方根误差</translation>
    </message>
    <message>
      <source>validation R²</source>
      <translation>验证 R²</translation>
    </message>
    <message>
      <source>EMA validation loss</source>
      <translation>滑动平均权重的验证损失</translation>
    </message>
    <message>
      <source>EMA validation accuracy</source>
      <translation>滑动平均权重的验证准确率</translation>
    </message>
    <message>
      <source>EMA validation R²</source>
      <translation>滑动平均权重的验证 R²</translation>
    </message>
    <message>
      <source>Early stopping metric</source>
      <translation>早停指标</translation>
    </message>
    <message>
      <source>What must keep improving, and what picks the best epoch (the model you export). auto: validation accuracy, or R² for a regression; with weight averaging on, the average's.</source>
      <translation>必须持续改进的指标，也用于选出最佳轮次（即导出的模型）。auto：验证准确率，回归任务为 R²；开启权重滑动平均时取平均权重的该指标。</translation>
    </message>
    <message>
      <source>Restore best weights</source>
      <translation>恢复最佳权重</translation>
    </message>
    <message>
      <source>With early stopping on: the trained model (export, predictions) is the best epoch's. Off: the last epoch's.</source>
      <translation>开启早停时：训练所得的模型（导出、预测）取最佳一轮的权重。关闭此项：取最后一轮的。</translation>
    </message>
  </context>
  <context>
    <name>trainscope::Cores</name>
    <message>
      <source>%1 of %2 cores: its cgroup's CPU quota is 1 core (%4)</source>
      <translation>%2 个核心中的 %1 个：其 cgroup 的 CPU 配额为 1 个核心（%4）</translation>
    </message>
    <message>
      <source>%1 of %2 cores: its cgroup's CPU quota is %3 cores (%4)</source>
      <translation>%2 个核心中的 %1 个：其 cgroup 的 CPU 配额为 %3 个核心（%4）</translation>
    </message>
    <message>
      <source>%1 of %2 cores: the CPUs this process may run on (its CPU affinity)</source>
      <translation>%2 个核心中的 %1 个：本进程可运行的 CPU（其 CPU 亲和性）</translation>
    </message>
    <message>
      <source>all %1 cores</source>
      <translation>全部 %1 个核心</translation>
    </message>
  </context>
  <context>
    <name>trainscope::Data</name>
    <message>
      <source>Fashion-MNIST (%1)</source>
      <translation>Fashion-MNIST（%1）</translation>
    </message>
    <message>
      <source>image folder %1 (val/ for validation)</source>
      <translation>图像文件夹 %1（val/ 用于验证）</translation>
    </message>
    <message>
      <source>image folder %1 (%2% held out for validation)</source>
      <translation>图像文件夹 %1（留出 %2% 用于验证）</translation>
    </message>
    <message>
      <source>table %1, predicting %2 (regression)</source>
      <translation>表格 %1，预测 %2（回归）</translation>
    </message>
    <message>
      <source>table %1, predicting %2 (classification)</source>
      <translation>表格 %1，预测 %2（分类）</translation>
    </message>
    <message>
      <source>text column %1 of %2</source>
      <translation>%2 的文本列 %1</translation>
    </message>
    <message>
      <source>text folder %1</source>
      <translation>文本文件夹 %1</translation>
    </message>
  </context>
  <context>
    <name>trainscope::Doctor</name>
    <message>
      <source>bfloat16 matmul: CPU %1 GFLOP/s (%2x float32); no native bfloat16 instructions, so %3 bf16 is emulated here</source>
      <translation>bfloat16 矩阵乘法：CPU %1 GFLOP/s（float32 的 %2 倍）；没有原生 bfloat16 指令，因此这里的 %3 bf16 是模拟执行的</translation>
    </message>
    <message>
      <source>bfloat16 matmul: CPU %1 GFLOP/s (%2x float32); native bfloat16 instructions: %3</source>
      <translation>bfloat16 矩阵乘法：CPU %1 GFLOP/s（float32 的 %2 倍）；原生 bfloat16 指令：%3</translation>
    </message>
    <message>
      <source>GPU gauges (NVML): %1</source>
      <translation>GPU 仪表（NVML）：%1</translation>
    </message>
    <message>
      <source>GPU gauges (NVML): %1, %2% busy, %3 of %4 MiB, %5 °C, %6 W</source>
      <translation>GPU 仪表（NVML）：%1，繁忙 %2%，%3 / %4 MiB，%5 °C，%6 W</translation>
    </message>
    <message>
      <source>LibTorch %1 (CUDA build), OpenCV %2, HDF5 %3</source>
      <translation>LibTorch %1（CUDA 版），OpenCV %2，HDF5 %3</translation>
    </message>
    <message>
      <source>LibTorch %1 (CPU build), OpenCV %2, HDF5 %3</source>
      <translation>LibTorch %1（CPU 版），OpenCV %2，HDF5 %3</translation>
    </message>
    <message>
      <source>CUDA available: yes, cuDNN: yes</source>
      <translation>CUDA 可用：是，cuDNN：是</translation>
    </message>
    <message>
      <source>CUDA available: yes, cuDNN: no</source>
      <translation>CUDA 可用：是，cuDNN：否</translation>
    </message>
    <message>
      <source>CUDA available: no, cuDNN: no</source>
      <translation>CUDA 可用：否，cuDNN：否</translation>
    </message>
    <message>
      <source>devices: %1</source>
      <translation>设备：%1</translation>
    </message>
    <message>
      <source>hardware threads: %1, LibTorch threads: %2</source>
      <translation>硬件线程：%1，LibTorch 线程：%2</translation>
    </message>
    <message>
      <source>threads 0 uses %1</source>
      <translation>线程数设为 0 时使用：%1</translation>
    </message>
    <message>
      <source>other work now: %1 of %2 CPUs busy; while training, threads 0 fits its threads to it</source>
      <translation>其他任务当前占用 %2 个 CPU 中的 %1 个；训练时，线程数为 0 会随之调整线程</translation>
    </message>
    <message>
      <source>float32 matmul %1x%1: CPU %2 GFLOP/s, GPU %3 GFLOP/s (synchronised)</source>
      <translation>float32 矩阵乘法 %1x%1：CPU %2 GFLOP/s，GPU %3 GFLOP/s（已同步）</translation>
    </message>
    <message>
      <source>float32 matmul %1x%1: CPU %2 GFLOP/s</source>
      <translation>float32 矩阵乘法 %1x%1：CPU %2 GFLOP/s</translation>
    </message>
    <message>
      <source>note: a slow CPU matmul usually means the reference BLAS; install an optimised one (Debian: libopenblas0-openmp)</source>
      <translation>提示：CPU 矩阵乘法慢通常说明在用参考 BLAS；请安装优化版本（Debian：libopenblas0-openmp）</translation>
    </message>
    <message>
      <source>LibTorch parallel settings:</source>
      <translation>LibTorch 并行设置：</translation>
    </message>
  </context>
  <context>
    <name>trainscope::LayerHealth</name>
    <message>
      <source>dead units</source>
      <translation>死亡单元</translation>
    </message>
    <message>
      <source>saturated</source>
      <translation>饱和</translation>
    </message>
    <message>
      <source>vanishing gradient</source>
      <translation>梯度消失</translation>
    </message>
    <message>
      <source>exploding gradient</source>
      <translation>梯度爆炸</translation>
    </message>
    <message>
      <source>updates too small</source>
      <translation>更新过小</translation>
    </message>
    <message>
      <source>updates too large</source>
      <translation>更新过大</translation>
    </message>
    <message>
      <source>More than %1% of this ReLU's outputs are exactly zero: those units pass no gradient and stop learning (dead ReLUs). Try a lower learning rate, He (kaiming) initialisation, BatchNorm before the activation, or LeakyReLU/GELU.</source>
      <translation>该 ReLU 超过 %1% 的输出恰好为零：这些单元不再传递梯度，停止学习（ReLU 死亡）。可尝试降低学习率、使用 He（kaiming）初始化、在激活前加 BatchNorm，或改用 LeakyReLU/GELU。</translation>
    </message>
    <message>
      <source>More than %1% of the outputs sit at the flat ends of the sigmoid/tanh, where the gradient is almost zero. Try ReLU, normalised inputs, Xavier initialisation, or BatchNorm.</source>
      <translation>超过 %1% 的输出落在 sigmoid/tanh 的平坦两端，那里的梯度几乎为零。可尝试 ReLU、归一化输入、Xavier 初始化或 BatchNorm。</translation>
    </message>
    <message>
      <source>The gradient reaching this layer's parameters is below %1: it barely learns (vanishing gradients, typical of deep sigmoid/tanh stacks). Try ReLU, residual connections, normalisation (BatchNorm), or a better initialisation.</source>
      <translation>到达该层参数的梯度低于 %1：它几乎不学习（梯度消失，常见于很深的 sigmoid/tanh 堆叠）。可尝试 ReLU、残差连接、归一化（BatchNorm）或更好的初始化。</translation>
    </message>
    <message>
      <source>The gradient of this layer's parameters is above %1 (exploding gradients): training may diverge to NaN. Lower the learning rate, set %2, or add normalisation.</source>
      <translation>该层参数的梯度高于 %1（梯度爆炸）：训练可能发散为 NaN。请降低学习率、设置 %2，或加入归一化。</translation>
    </message>
    <message>
      <source>Each step changes the weights by less than %1 of their size (a healthy ratio is around 1e-3): the layer learns very slowly. Try a higher learning rate, or check the schedule has not decayed it to nothing.</source>
      <translation>每一步对权重的改变小于其大小的 %1（健康的比例约为 1e-3）：该层学得很慢。可尝试提高学习率，或检查学习率调度是否已把它衰减到几乎为零。</translation>
    </message>
    <message>
      <source>Each step changes the weights by more than %1 of their size (a healthy ratio is around 1e-3): training is likely unstable. Lower the learning rate or add warmup.</source>
      <translation>每一步对权重的改变大于其大小的 %1（健康的比例约为 1e-3）：训练很可能不稳定。请降低学习率或加入预热（warmup）。</translation>
    </message>
  </context>
  <context>
    <name>trainscope::Metric</name>
    <message>
      <source>training loss (per step)</source>
      <translation>训练损失（每步）</translation>
    </message>
    <message>
      <source>training accuracy (per step)</source>
      <translation>训练准确率（每步）</translation>
    </message>
    <message>
      <source>learning rate</source>
      <translation>学习率</translation>
    </message>
    <message>
      <source>samples/s</source>
      <translation>样本/秒</translation>
    </message>
    <message>
      <source>padding share (per step)</source>
      <translation>补齐占比（每步）</translation>
    </message>
    <message>
      <source>training loss (per epoch)</source>
      <translation>训练损失（每个 epoch）</translation>
    </message>
    <message>
      <source>training accuracy (per epoch)</source>
      <translation>训练准确率（每个 epoch）</translation>
    </message>
    <message>
      <source>validation loss</source>
      <translation>验证损失</translation>
    </message>
    <message>
      <source>validation accuracy</source>
      <translation>验证准确率</translation>
    </message>
    <message>
      <source>validation MAE</source>
      <translation>验证平均绝对误差</translation>
    </message>
    <message>
      <source>validation RMSE</source>
      <translation>验证均方根误差</translation>
    </message>
    <message>
      <source>validation R²</source>
      <translation>验证决定系数 R²</translation>
    </message>
    <message>
      <source>EMA validation loss</source>
      <translation>滑动平均权重的验证损失</translation>
    </message>
    <message>
      <source>EMA validation accuracy</source>
      <translation>滑动平均权重的验证准确率</translation>
    </message>
    <message>
      <source>EMA validation R²</source>
      <translation>滑动平均权重的验证 R²</translation>
    </message>
    <message>
      <source>gradient norm</source>
      <translation>梯度范数</translation>
    </message>
    <message>
      <source>step</source>
      <translation>步</translation>
    </message>
    <message>
      <source>epoch</source>
      <translation>epoch</translation>
    </message>
    <message>
      <source>time (s)</source>
      <translation>时间（秒）</translation>
    </message>
  </context>
  <context>
    <name>trainscope::QualityCheck</name>
    <message>
      <source>Blurry</source>
      <translation>模糊</translation>
    </message>
    <message>
      <source>The Laplacian's standard deviation over the grey values' (on at most 256 px a side) is below %1: edges are weak for the image's contrast.</source>
      <translation>拉普拉斯响应的标准差与灰度值标准差之比（在每边至多 256 像素的图像上）低于 %1：相对于图像的对比度，边缘太弱。</translation>
    </message>
    <message>
      <source>Too dark</source>
      <translation>过暗</translation>
    </message>
    <message>
      <source>The 99th percentile of perceived brightness is below %1 (of 1): even the brightest pixels are dim.</source>
      <translation>感知亮度的第 99 百分位低于 %1（满分 1）：连最亮的像素也很暗。</translation>
    </message>
    <message>
      <source>Too bright</source>
      <translation>过亮</translation>
    </message>
    <message>
      <source>The 5th percentile of perceived brightness is above %1 (of 1): even the darkest pixels are light.</source>
      <translation>感知亮度的第 5 百分位高于 %1（满分 1）：连最暗的像素也很亮。</translation>
    </message>
    <message>
      <source>Low information</source>
      <translation>信息量低</translation>
    </message>
    <message>
      <source>The grey histogram's entropy is below %1 bits (of 8): a blank, flat or nearly one-colour image.</source>
      <translation>灰度直方图的熵低于 %1 比特（满分 8）：空白、单调或几乎只有一种颜色的图像。</translation>
    </message>
    <message>
      <source>Odd aspect ratio</source>
      <translation>宽高比异常</translation>
    </message>
    <message>
      <source>Width over height is more than %1 times the dataset's median, or less than its inverse: a crop may cut off the object.</source>
      <translation>宽高比大于数据集中位数的 %1 倍，或小于其倒数：裁剪可能会切掉物体。</translation>
    </message>
    <message>
      <source>Odd size</source>
      <translation>尺寸异常</translation>
    </message>
    <message>
      <source>The pixel count is more than %1 times the dataset's median, or less than its inverse.</source>
      <translation>像素数大于数据集中位数的 %1 倍，或小于其倒数。</translation>
    </message>
    <message>
      <source>Grey in a colour set</source>
      <translation>彩色数据集中的灰度图</translation>
    </message>
    <message>
      <source>The three channels differ by less than %1 of 255 everywhere, in a dataset with colour images.</source>
      <translation>在含有彩色图像的数据集中，三个通道在每处的差异都小于 %1（满分 255）。</translation>
    </message>
  </context>
  <context>
    <name>trainscope::Run</name>
    <message>
      <source>the best epoch is now chosen by %1: the checkpoint's (epoch %2, by %3) no longer counts, and the next epoch starts the count again</source>
      <translation>最佳一轮现在按 %1 选取：检查点中的最佳（第 %2 轮，按 %3）不再计入，从下一轮重新计数</translation>
    </message>
    <message>
      <source>the run had stopped early after epoch %1: its patience counts afresh from here, and its best so far (epoch %2) stays its best until an epoch beats it</source>
      <translation>本次运行曾在第 %1 轮后提前停止：耐心轮数从这里重新计数，目前的最佳（第 %2 轮）在被超越之前仍是最佳</translation>
    </message>
    <message>
      <source>early stopping: the run stops after 1 epoch in which %2 does not improve on its best by more than %3 (mode %4)</source>
      <translation>早停：若 %2 有 1 轮未比最佳值改进超过 %3，运行即停止（mode %4）</translation>
    </message>
    <message>
      <source>early stopping: the run stops after %1 epochs in a row in which %2 does not improve on its best by more than %3 (mode %4)</source>
      <translation>早停：若 %2 连续 %1 轮未比最佳值改进超过 %3，运行即停止（mode %4）</translation>
    </message>
    <message>
      <source>early stopping after epoch %1: %2 was never measured</source>
      <translation>第 %1 轮后早停：%2 从未被测得</translation>
    </message>
    <message>
      <source>early stopping after epoch %1: %2 has not improved for %3 epochs; its best, %4, was at epoch %5</source>
      <translation>第 %1 轮后早停：%2 已有 %3 轮没有改进；最佳值 %4 出现在第 %5 轮</translation>
    </message>
    <message>
      <source>the run's model is epoch %1's, the best by %2 (%3): checkpoints/best.pt, which exports take</source>
      <translation>本次运行的模型取第 %1 轮的权重，按 %2 为最佳（%3）：即 checkpoints/best.pt，导出时使用它</translation>
    </message>
    <message>
      <source>the run's model is its last epoch's (%1 is off); the best, epoch %2, is checkpoints/best.pt</source>
      <translation>本次运行的模型取最后一轮的权重（%1 已关闭）；最佳的第 %2 轮保存在 checkpoints/best.pt</translation>
    </message>
    <message>
      <source>breakpoint: the loss of step %1 (%2) is %3 times its running mean (%4), above the limit of %5; the run is paused</source>
      <translation>断点：第 %1 步的损失（%2）是其移动平均值（%4）的 %3 倍，超过上限 %5；运行已暂停</translation>
    </message>
    <message>
      <source>breakpoint: after epoch %1 the validation metric fell to %2, %3 below its best (%4), more than the limit of %5; the run is paused</source>
      <translation>断点：第 %1 轮后验证指标降到 %2，比最佳值（%4）低 %3，超过上限 %5；运行已暂停</translation>
    </message>
    <message>
      <source>breakpoint: %1% of %2's outputs are zero at step %3 (the limit is %4%); the run is paused</source>
      <translation>断点：第 %3 步时 %2 的输出中有 %1% 为零（上限为 %4%）；运行已暂停</translation>
    </message>
    <message>
      <source>training %1 on %2 (%3 train / %4 val) with %5, 1 thread; usable: %7</source>
      <translation>在 %2 上训练 %1（训练 %3 / 验证 %4），使用 %5，1 个线程；可用：%7</translation>
    </message>
    <message>
      <source>training %1 on %2 (%3 train / %4 val) with %5, %6 threads; usable: %7</source>
      <translation>在 %2 上训练 %1（训练 %3 / 验证 %4），使用 %5，%6 个线程；可用：%7</translation>
    </message>
    <message>
      <source>training %1 on %2 (%3 train / %4 val) with %5, 1 thread</source>
      <translation>在 %2 上训练 %1（训练 %3 / 验证 %4），使用 %5，1 个线程</translation>
    </message>
    <message>
      <source>training %1 on %2 (%3 train / %4 val) with %5, %6 threads</source>
      <translation>在 %2 上训练 %1（训练 %3 / 验证 %4），使用 %5，%6 个线程</translation>
    </message>
    <message>
      <source>rank %1 of %2 (%3): %4 training samples per epoch on this process</source>
      <translation>第 %1 号进程，共 %2 个（%3）：本进程每轮训练 %4 个样本</translation>
    </message>
    <message>
      <source>epoch %1/%2: train loss %3, train acc %4, val loss %5, val acc %6 (best)</source>
      <translation>第 %1/%2 个 epoch：训练损失 %3，训练准确率 %4，验证损失 %5，验证准确率 %6（最佳）</translation>
    </message>
    <message>
      <source>epoch %1/%2: train loss %3, train acc %4, val loss %5, val acc %6</source>
      <translation>第 %1/%2 个 epoch：训练损失 %3，训练准确率 %4，验证损失 %5，验证准确率 %6</translation>
    </message>
    <message>
      <source>epoch %1/%2: train loss %3, val loss %4, val MAE %5, RMSE %6, R² %7 (best)</source>
      <translation>第 %1/%2 个 epoch：训练损失 %3，验证损失 %4，验证平均绝对误差 %5，均方根误差 %6，R² %7（最佳）</translation>
    </message>
    <message>
      <source>epoch %1/%2: train loss %3, val loss %4, val MAE %5, RMSE %6, R² %7</source>
      <translation>第 %1/%2 个 epoch：训练损失 %3，验证损失 %4，验证平均绝对误差 %5，均方根误差 %6，R² %7</translation>
    </message>
    <message>
      <source>epoch %1, the weights' moving average: val loss %2, R² %3 (best)</source>
      <translation>第 %1 轮，权重滑动平均：验证损失 %2，R² %3（最佳）</translation>
    </message>
    <message>
      <source>epoch %1, the weights' moving average: val loss %2, R² %3</source>
      <translation>第 %1 轮，权重滑动平均：验证损失 %2，R² %3</translation>
    </message>
    <message>
      <source>epoch %1, the weights' moving average: val loss %2, val acc %3 (best)</source>
      <translation>第 %1 轮，权重滑动平均：验证损失 %2，验证准确率 %3（最佳）</translation>
    </message>
    <message>
      <source>epoch %1, the weights' moving average: val loss %2, val acc %3</source>
      <translation>第 %1 轮，权重滑动平均：验证损失 %2，验证准确率 %3</translation>
    </message>
    <message>
      <source>mixed precision: the forward pass runs in bfloat16 under autocast, but this CPU has no native bfloat16 instructions: it is emulated, and likely slower than float32</source>
      <translation>混合精度：前向传播在自动混合精度下以 bfloat16 运行，但此 CPU 没有原生 bfloat16 指令：它是模拟执行的，很可能比 float32 更慢</translation>
    </message>
    <message>
      <source>mixed precision: the forward pass runs in bfloat16 under autocast, the weights and their gradients in float32</source>
      <translation>混合精度：前向传播在自动混合精度下以 bfloat16 运行，权重及其梯度为 float32</translation>
    </message>
    <message>
      <source>activation checkpointing: %1 keep no activations and are recomputed in backward; the last segment (%2) runs as usual</source>
      <translation>激活检查点：%1 不保留激活，在反向传播时重算；最后一段（%2）照常运行</translation>
    </message>
    <message>
      <source>the checkpoint has no moving average of the weights: it starts from the weights as they are</source>
      <translation>检查点中没有权重滑动平均：从当前权重重新开始平均</translation>
    </message>
    <message>
      <source>column "%1" left out: %2</source>
      <translation>列“%1”未用于训练：%2</translation>
    </message>
    <message>
      <source>a partial epoch: %1 of %2 batches</source>
      <translation>不完整的 epoch：%2 个批次中的 %1 个</translation>
    </message>
    <message>
      <source>paused after step %1</source>
      <translation>在第 %1 步后暂停</translation>
    </message>
    <message>
      <source>resumed</source>
      <translation>已继续</translation>
    </message>
    <message>
      <source>stepped one batch forward (step %1), paused again</source>
      <translation>单步前进了一个批次（第 %1 步），再次暂停</translation>
    </message>
    <message>
      <source>resumed at step %1 (epoch %2, batch %3)</source>
      <translation>从第 %1 步继续（第 %2 个 epoch，第 %3 个批次）</translation>
    </message>
    <message>
      <source>the validation split is empty: no validation metrics, no best checkpoint</source>
      <translation>验证集为空：没有验证指标，也没有最佳检查点</translation>
    </message>
    <message>
      <source>skipped %1: %2</source>
      <translation>已跳过 %1：%2</translation>
    </message>
    <message>
      <source>label corrections from %1: %2 relabelled, %3 excluded</source>
      <translation>来自 %1 的标签更正：改标 %2 个，排除 %3 个</translation>
    </message>
    <message>
      <source>%1 label corrections match no training sample, e.g. %2</source>
      <translation>%1 条标签更正没有匹配任何训练样本，例如 %2</translation>
    </message>
    <message>
      <source>completed 1 epoch</source>
      <translation>完成了 1 个 epoch</translation>
    </message>
    <message>
      <source>completed %1 epochs</source>
      <translation>完成了 %1 个 epoch</translation>
    </message>
    <message>
      <source>reached %2 (%1)</source>
      <translation>达到 %2（%1）</translation>
    </message>
    <message>
      <source>stopped early after 1 epoch (%2)</source>
      <translation>1 轮后提前停止（%2）</translation>
    </message>
    <message>
      <source>stopped early after %1 epochs (%2)</source>
      <translation>%1 轮后提前停止（%2）</translation>
    </message>
    <message>
      <source>stopped by request</source>
      <translation>按要求停止</translation>
    </message>
    <message>
      <source>stopped by the NaN guard</source>
      <translation>被 NaN 守卫停止</translation>
    </message>
    <message>
      <source>stopped while paused by the NaN guard</source>
      <translation>在被 NaN 守卫暂停时停止</translation>
    </message>
    <message>
      <source>run finished: %1</source>
      <translation>运行结束：%1</translation>
    </message>
    <message>
      <source>run stopped: %1</source>
      <translation>运行已停止：%1</translation>
    </message>
    <message>
      <source>weight averaging: after each step the average moves towards the weights with decay %1 (less in the first steps); it is validated after each epoch, and the best epoch is chosen by %2</source>
      <translation>权重滑动平均：每步之后平均值以衰减系数 %1 向当前权重靠近（最初几步衰减更小）；每轮结束时验证，最佳轮次按 %2 选出</translation>
    </message>
  </context>
  <context>
    <name>trainscope::Search</name>
    <message>
      <source>the preset's %1 (%2) lies outside the range searched (%3 to %4)</source>
      <translation>预设的 %1（%2）不在搜索范围内（%3 到 %4）</translation>
    </message>
    <message>
      <source>only %1 of the %2 trials drawn trained all %3 epochs; successive halving stopped %4 at a rung, judged by fewer epochs than the preset had</source>
      <translation>抽取的 %2 个试验中只有 %1 个训练完全部 %3 个 epoch；逐次减半在检查点停止了 %4 个，它们被评判时的 epoch 少于预设</translation>
    </message>
    <message>
      <source>%1 trials failed (their logs are in trials/)</source>
      <translation>%1 个试验失败（日志在 trials/ 中）</translation>
    </message>
    <message>
      <source>%1 trials over %2 settings found no better values than the preset's; more trials, or a narrower space around the preset's values, may</source>
      <translation>在 %2 个设置上的 %1 个试验没有找到比预设更好的取值；更多试验，或围绕预设取值的更窄范围，可能会找到</translation>
    </message>
    <message>
      <source>No trial measured %1.</source>
      <translation>没有试验测得 %1。</translation>
    </message>
    <message>
      <source>The best, trial %1 (%2), reached %3 %4.</source>
      <translation>最好的是试验 %1（%2），%3 达到 %4。</translation>
    </message>
    <message>
      <source>The best, trial %1 (%2), reached %3 %4 and beat the preset's %5 by %6.</source>
      <translation>最好的是试验 %1（%2），%3 达到 %4，比预设的 %5 高出 %6。</translation>
    </message>
    <message>
      <source>No trial beat the preset: the best, trial %1 (%2), reached %3 %4 against the preset's %5.</source>
      <translation>没有试验超过预设：最好的是试验 %1（%2），%3 为 %4，预设为 %5。</translation>
    </message>
  </context>
  <context>
    <name>trainscope::SkipReason</name>
    <message>
      <source>cannot open file (permission denied or vanished)</source>
      <translation>无法打开文件（没有权限或已不存在）</translation>
    </message>
    <message>
      <source>cannot decode (corrupt or unsupported image)</source>
      <translation>无法解码（文件损坏或格式不受支持）</translation>
    </message>
    <message>
      <source>folder already listed (a symbolic link back into the data)</source>
      <translation>文件夹已列出（一个指回数据内部的符号链接）</translation>
    </message>
    <message>
      <source>truncated (the file ends before the image does)</source>
      <translation>文件被截断（图像尚未结束文件就结束了）</translation>
    </message>
    <message>
      <source>malformed JPEG header (no frame header)</source>
      <translation>JPEG 文件头损坏（没有帧头）</translation>
    </message>
    <message>
      <source>too large (%1x%2, %3 MP; the limit is %4, %5 MP)</source>
      <translation>过大（%1x%2，%3 百万像素；上限为 %4，%5 百万像素）</translation>
    </message>
    <message>
      <source>class "%1" does not exist in the training set</source>
      <translation>训练集中没有类别“%1”</translation>
    </message>
    <message>
      <source>empty class folder: no usable images</source>
      <translation>空的类别文件夹：没有可用图像</translation>
    </message>
    <message>
      <source>malformed BMP header (width %1)</source>
      <translation>BMP 文件头损坏（宽度 %1）</translation>
    </message>
    <message>
      <source>unsupported channel count %1</source>
      <translation>不支持的通道数 %1</translation>
    </message>
    <message>
      <source>not an image file extension</source>
      <translation>不是图像文件扩展名</translation>
    </message>
    <message>
      <source>not a recognised image (unknown file header)</source>
      <translation>无法识别的图像（未知文件头）</translation>
    </message>
    <message>
      <source>malformed PNG header</source>
      <translation>PNG 文件头损坏</translation>
    </message>
    <message>
      <source>broken symbolic link</source>
      <translation>失效的符号链接</translation>
    </message>
    <message>
      <source>cannot read folder: %1</source>
      <translation>无法读取文件夹：%1</translation>
    </message>
    <message>
      <source>cannot list folder: %1</source>
      <translation>无法列出文件夹：%1</translation>
    </message>
    <message>
      <source>cannot decode: %1</source>
      <translation>无法解码：%1</translation>
    </message>
    <message>
      <source>cannot read: %1</source>
      <translation>无法读取：%1</translation>
    </message>
    <message>
      <source>cannot open file</source>
      <translation>无法打开文件</translation>
    </message>
    <message>
      <source>cannot decode</source>
      <translation>无法解码</translation>
    </message>
    <message>
      <source>cannot load</source>
      <translation>无法加载</translation>
    </message>
    <message>
      <source>empty file</source>
      <translation>空文件</translation>
    </message>
  </context>
  <context>
    <name>trainscope::System</name>
    <message>
      <source>no GPU: this LibTorch is a CPU build</source>
      <translation>没有 GPU：此 LibTorch 为 CPU 版本</translation>
    </message>
    <message>
      <source>no GPU: CUDA build, but no CUDA device is visible</source>
      <translation>没有 GPU：CUDA 版本，但看不到 CUDA 设备</translation>
    </message>
    <message>
      <source>no cuda:%1</source>
      <translation>没有 cuda:%1</translation>
    </message>
    <message>
      <source>no NVIDIA driver here (%1 not found)</source>
      <translation>此处没有英伟达驱动（找不到 %1）</translation>
    </message>
    <message>
      <source>%1 is not a usable NVML library</source>
      <translation>%1 不是可用的 NVML 库</translation>
    </message>
    <message>
      <source>NVML did not start: %1</source>
      <translation>NVML 未能启动：%1</translation>
    </message>
    <message>
      <source>NVML sees no GPU %1</source>
      <translation>NVML 看不到 GPU %1</translation>
    </message>
  </context>
  <context>
    <name>trainscope::Threads</name>
    <message>
      <source>fewer threads, %1 → %2: other work used %3 of the %4 CPUs this run may run on (CPU pressure %5)</source>
      <translation>减少线程，%1 → %2：其他任务占用了本次运行可用的 %4 个 CPU 中的 %3 个（CPU 压力 %5）</translation>
    </message>
    <message>
      <source>more threads, %1 → %2: other work now uses %3 of the %4 CPUs this run may run on</source>
      <translation>增加线程，%1 → %2：其他任务现在占用本次运行可用的 %4 个 CPU 中的 %3 个</translation>
    </message>
    <message>
      <source>keeps %1 threads and makes them wait asleep between ops: other work used %2 of the %3 CPUs this run may run on (CPU pressure %4)</source>
      <translation>保持 %1 个线程，并让它们在算子之间休眠等待：其他任务占用了本次运行可用的 %3 个 CPU 中的 %2 个（CPU 压力 %4）</translation>
    </message>
    <message>
      <source>%1 threads spin between ops again: other work now uses %2 of the %3 CPUs</source>
      <translation>%1 个线程重新在算子之间自旋等待：其他任务现在占用 %3 个 CPU 中的 %2 个</translation>
    </message>
    <message>
      <source>threads adapt to other work on this machine: fewer while it holds the CPUs, back up to %1 when they free up</source>
      <translation>线程数随本机其他任务调整：其他任务占用 CPU 时减少，CPU 空闲后恢复到 %1 个</translation>
    </message>
    <message>
      <source>deterministic: keeps %1 threads whatever else runs (their count changes what it computes); they wait asleep between ops while other work holds the CPUs</source>
      <translation>确定性模式：无论本机运行什么都保持 %1 个线程（线程数会改变计算结果）；其他任务占用 CPU 期间，线程在算子之间休眠等待</translation>
    </message>
    <message>
      <source>threads is set to %1: keeps them whatever else runs; they wait asleep between ops while other work holds the CPUs</source>
      <translation>线程数已设为 %1：无论本机运行什么都保持不变；其他任务占用 CPU 期间，线程在算子之间休眠等待</translation>
    </message>
  </context>
  <context>
    <name>trainscope::ui::RunStatus</name>
    <message>
      <source>starting</source>
      <translation>启动中</translation>
    </message>
    <message>
      <source>running</source>
      <translation>运行中</translation>
    </message>
    <message>
      <source>paused</source>
      <translation>已暂停</translation>
    </message>
    <message>
      <source>finished</source>
      <translation>已完成</translation>
    </message>
    <message>
      <source>stopped</source>
      <translation>已停止</translation>
    </message>
    <message>
      <source>failed</source>
      <translation>失败</translation>
    </message>
    <message>
      <source>interrupted</source>
      <translation>已中断</translation>
    </message>
    <message>
      <source>damaged</source>
      <translation>已损坏</translation>
    </message>
  </context>
  <context>
    <name>trainscope::ui::SearchWindow</name>
    <message>
      <source>waiting</source>
      <translation>等待中</translation>
    </message>
    <message>
      <source>training</source>
      <translation>训练中</translation>
    </message>
    <message>
      <source>finished</source>
      <translation>已完成</translation>
    </message>
    <message>
      <source>stopped early</source>
      <translation>提前停止</translation>
    </message>
    <message>
      <source>failed</source>
      <translation>失败</translation>
    </message>
    <message>
      <source>interrupted</source>
      <translation>已中断</translation>
    </message>
    <message>
      <source>%1 (preset)</source>
      <translation>%1（预设）</translation>
    </message>
    <message>
      <source>%1 of %2 trials done, %3 training</source>
      <translation>%2 个试验中已完成 %1 个，%3 个正在训练</translation>
    </message>
    <message>
      <source>; %1 stopped early by successive halving</source>
      <translation>；逐次减半提前停止了 %1 个</translation>
    </message>
    <message>
      <source>; the search is stopped</source>
      <translation>；搜索已停止</translation>
    </message>
  </context>
  <context>
    <name>trainscope::widgets::DataMapPlot</name>
    <message>
      <source>mostly wrong (hard or mislabelled)</source>
      <translation>多数时候错误（难学或标错）</translation>
    </message>
    <message>
      <source>sometimes right (ambiguous)</source>
      <translation>有时正确（模棱两可）</translation>
    </message>
    <message>
      <source>mostly right (easy)</source>
      <translation>多数时候正确（容易）</translation>
    </message>
  </context>
</TS>