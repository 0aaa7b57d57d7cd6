/* test_device — device choice: the default, CAMP_DEVICE by index and by a
 * case-insensitive part of the name, a CAMP_DEVICE that matches nothing
 * (CAMP_ERROR_NO_DEVICE through the handler), and camp_shutdown followed by
 * re-initialisation with a working launch. */
#define _POSIX_C_SOURCE 200809L /* setenv */
#include "test_util.h"

#include <ctype.h>
#include <stdlib.h>
#include <vulkan/vulkan.h>

static int no_device_calls;

static void on_error(const camp_error *error, void *user) {
    (void)user;
    if (error->status == CAMP_ERROR_NO_DEVICE) no_device_calls++;
    else fprintf(stderr, "unexpected error: %s\n", error->message);
}

static int vadd_works(void) {
    uint32_t a[10], b[10], c[10];
    for (int i = 0; i < 10; i++) a[i] = (uint32_t)i, b[i] = 2, c[i] = 0;
    launch_vadd(&test_module, 10, a, b, c, sizeof a);
    for (int i = 0; i < 10; i++)
        if (c[i] != (uint32_t)i + 2) return 0;
    return 1;
}

int main(void) {
    test_module_init();
    /* An instance of our own for the whole test keeps the Vulkan drivers
     * loaded while libcamp's instances come and go: unloading and reloading
     * lavapipe makes LeakSanitizer report the driver's globals as leaks. */
    VkInstanceCreateInfo info = {.sType = VK_STRUCTURE_TYPE_INSTANCE_CREATE_INFO};
    VkInstance keep_loaded = VK_NULL_HANDLE;
    CHECK(vkCreateInstance(&info, NULL, &keep_loaded) == VK_SUCCESS);
    uint32_t count = 0;
    vkEnumeratePhysicalDevices(keep_loaded, &count, NULL);
    unsetenv("CAMP_DEVICE");
    char name[256];
    snprintf(name, sizeof name, "%s", camp_default_accelerator_name());
    CHECK(name[0] != '\0');
    CHECK(vadd_works());

    /* By a part of the name in another case. */
    camp_shutdown();
    char part[8] = "";
    for (int i = 0; i < 4 && name[i]; i++) part[i] = (char)toupper((unsigned char)name[i]);
    setenv("CAMP_DEVICE", part, 1);
    CHECK(strcmp(camp_default_accelerator_name(), name) == 0);
    CHECK(vadd_works());

    /* By index: device 0 exists. */
    camp_shutdown();
    setenv("CAMP_DEVICE", "0", 1);
    CHECK(camp_default_accelerator_name()[0] != '\0');
    CHECK(vadd_works());

    /* Matching nothing. */
    camp_shutdown();
    setenv("CAMP_DEVICE", "no-such-device", 1);
    camp_set_error_handler(on_error, NULL);
    CHECK(strcmp(camp_default_accelerator_name(), "") == 0);
    CHECK(no_device_calls == 1);
    uint32_t a[4] = {0}, b[4] = {0}, c[4] = {5, 5, 5, 5};
    launch_vadd(&test_module, 4, a, b, c, sizeof a);
    CHECK(no_device_calls == 2 && c[0] == 5);

    /* Back to the default. */
    unsetenv("CAMP_DEVICE");
    CHECK(strcmp(camp_default_accelerator_name(), name) == 0);
    CHECK(vadd_works());
    camp_set_error_handler(NULL, NULL);
    camp_shutdown();
    vkDestroyInstance(keep_loaded, NULL);
    if (test_failures) fprintf(stderr, "test_device: %d checks failed\n", test_failures);
    return test_failures != 0;
}
