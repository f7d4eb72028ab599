#!/usr/bin/env bash
# Debian tools some tests need, installed when missing (run by `npm test` and by .ci/run):
# rpm (the reference reader of an rpmdb), skopeo and docker-registry (a real registry for the
# docker:// client), xz-utils; libguestfs-tools with a kernel for its appliance (supermin only
# recommends one), qemu-img and sfdisk (VM disk images: the tests build them and extract them);
# debootstrap (the Debian root of e2e/support/debian-image.ts); clamav-daemon (clamd, which the
# scan_for_virus tests start with signatures of their own); kubectl, whose kustomize renders
# deploy/k8s for the manifest tests (Debian 12's kubernetes-client, kustomize v2.0.3, or any newer
# kubectl already there); strace (which files the packages-only CLI run opens); and apt's
# package lists, which `apt-get download` needs to build a test image from real .deb files.
# Idempotent; does nothing
# when everything is there.
set -euo pipefail
apt_needed=()
for tool in rpm:rpm skopeo:skopeo docker-registry:docker-registry xz:xz-utils dpkg-deb:dpkg \
  guestfish:libguestfs-tools qemu-img:qemu-utils sfdisk:fdisk debootstrap:debootstrap clamd:clamav-daemon \
  kubectl:kubernetes-client strace:strace; do
  command -v "${tool%%:*}" > /dev/null || apt_needed+=("${tool#*:}")
done
compgen -G '/boot/vmlinuz-*' > /dev/null || apt_needed+=("linux-image-$(dpkg --print-architecture)")
lists_fresh=$(find /var/lib/apt/lists -maxdepth 1 -name '*_Packages*' -mmin -1440 2>/dev/null | head -1)
if [ ${#apt_needed[@]} -eq 0 ] && [ -n "$lists_fresh" ]; then exit 0; fi
if [ "$(id -u)" -ne 0 ]; then
  echo "test-tools: missing ${apt_needed[*]:-apt package lists}; run as root (or install them) for the container and VM image tests" >&2
  exit 0
fi
apt-get update -qq
if [ ${#apt_needed[@]} -gt 0 ]; then
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${apt_needed[@]}"
fi
