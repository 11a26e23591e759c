//===- ContainerStorageTest.cpp - Which class names say device memory -----===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// pageable-async-copy reads the device side of a cudaMemcpyDefault copy from a
// container's type: a class whose name has `device` as its first word, and
// no word that says host or pinned.
//
//===----------------------------------------------------------------------===//
#include "rules/analysis/ContainerStorage.h"

#include "gtest/gtest.h"

using namespace cudalint;

TEST(ContainerStorage, DeviceAsTheFirstWord) {
  for (const char *Name : {"device_vector", "device_uvector", "device_buffer", "device_ptr",
                           "DeviceUVectorImpl", "DeviceVector", "DeviceTensor", "DEVICE_ARRAY"})
    EXPECT_TRUE(namesDeviceMemory(Name)) << Name;
}

TEST(ContainerStorage, OtherNamesAreNotDevice) {
  for (const char *Name : {"HostDeviceVector", "device_pinned_vector", "DeviceHostMirror",
                           "CachingDeviceUVector", "Devices", "devicevector", "vector",
                           "TemporaryArray", "DevicePinnedBuffer", ""})
    EXPECT_FALSE(namesDeviceMemory(Name)) << Name;
}
