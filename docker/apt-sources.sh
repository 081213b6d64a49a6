#!/bin/sh
# Adds Debian's bookworm-updates and security suites to the image's APT
# sources when the base image lacks them (a plain debootstrap root has only
# "bookworm main"), so that the libraries installed are the patched ones.
set -eu
if ! grep -rqs "bookworm-security" /etc/apt/sources.list /etc/apt/sources.list.d/; then
  mirror=$(sed -n 's/^deb \(http[^ ]*\) bookworm main.*/\1/p' /etc/apt/sources.list 2>/dev/null | head -n 1)
  mirror=${mirror:-http://deb.debian.org/debian}
  {
    echo "deb $mirror bookworm-updates main"
    echo "deb ${mirror}-security bookworm-security main"
  } >/etc/apt/sources.list.d/bookworm-updates-security.list
fi
