// Port Royal: the public face of a card as a proto message.
#pragma once

#include "brethren/v1/port_royal_pfister.pb.h"
#include "rules/port_royal_pfister/cards.h"

namespace brethren::rules::port_royal_pfister {

// CardKind value = kind index + 1.
v1::port_royal_pfister::CardKind card_proto(int card_id);

}  // namespace brethren::rules::port_royal_pfister
