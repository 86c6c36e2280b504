#include "engine/inspect/grad_cam.h"

namespace trainscope {

GradCamMap computeGradCam(LayerStack& model, const torch::Tensor& input, int64_t target) {
  torch::AutoGradMode grad(/*enabled=*/true);
  std::vector<bool> wanted;
  for (auto& p : model->parameters()) wanted.push_back(p.requires_grad()), p.requires_grad_(false);
  const torch::Tensor x = input.detach().clone().requires_grad_(true);
  torch::Tensor feature;
  size_t featureLayer = 0;
  const torch::Tensor logits = model->forward(x, [&](size_t i, const torch::Tensor& out) {
    if (out.dim() == 4 && out.size(2) * out.size(3) > 1 && out.requires_grad()) {
      feature = out, featureLayer = i;
      feature.retain_grad();
    }
  });
  size_t k = 0;
  for (auto& p : model->parameters()) p.requires_grad_(wanted[k++]);
  if (!feature.defined())
    throw std::runtime_error("Grad-CAM needs a layer whose output is a spatial map (a convolutional model)");
  GradCamMap m;
  m.layer = model->layers()[featureLayer].name;
  m.probabilities = torch::softmax(logits.detach(), /*dim=*/1)[0];
  m.target = target >= 0 && target < logits.size(1) ? target : m.probabilities.argmax().item<int64_t>();
  logits[0][m.target].backward();
  const torch::Tensor weights = feature.grad().mean({2, 3}, /*keepdim=*/true);
  torch::Tensor cam = torch::relu((weights * feature.detach()).sum(/*dim=*/1, /*keepdim=*/true));
  cam = torch::nn::functional::interpolate(cam, torch::nn::functional::InterpolateFuncOptions()
                                                    .size(std::vector<int64_t>{input.size(2), input.size(3)})
                                                    .mode(torch::kBilinear)
                                                    .align_corners(false))[0][0];
  // Scaled to 0..1 from its own minimum, as Grad-CAM's reference code does: a confident
  // model's weighted maps are positive nearly everywhere, and scaled by the maximum
  // alone they lay a wash of 0.5-0.9 over the whole image, hiding where the evidence is.
  const double low = cam.min().item<double>(), high = cam.max().item<double>();
  m.heat = high > low ? (cam - low) / (high - low) : torch::zeros_like(cam);
  return m;
}

}  // namespace trainscope
