#include "server/match/match_feed.h"

namespace brethren::server {

rules::Viewer viewer_for_seat(int seat) { return seat >= 0 ? rules::Viewer::player(seat) : rules::Viewer::spectator(); }

v1::MatchUpdate build_match_update(const std::string& room_code, const rules::State& state, int seat,
                                   std::uint64_t after_version, std::uint64_t max_gap) {
  const rules::Viewer viewer = viewer_for_seat(seat);
  v1::MatchUpdate update;
  update.set_room_code(room_code);
  const std::uint64_t version = state.version();
  if (after_version > version || version - after_version > max_gap) {
    update.set_resync(true);
  } else {
    for (auto& record : state.events_for(viewer, after_version)) *update.add_events() = std::move(record);
  }
  *update.mutable_view() = state.view(viewer);
  return update;
}

}  // namespace brethren::server
