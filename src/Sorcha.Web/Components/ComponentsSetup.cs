using Microsoft.AspNetCore.Hosting.StaticWebAssets;
using MudBlazor.Services;
using Sorcha.Web.Live;

namespace Sorcha.Web.Components;

/// <summary>Razor components on the server (prerendered, then interactive over the circuit), MudBlazor, and live events.</summary>
public static class ComponentsSetup
{
    public static void AddWebComponents(this WebApplicationBuilder builder)
    {
        // The AppHost runs this app from its build output in every environment, where the static assets (MudBlazor's,
        // Blazor's script) are found through the build's manifest; a published app has none and serves wwwroot.
        StaticWebAssetsLoader.UseStaticWebAssets(builder.Environment, builder.Configuration);
        builder.Services.AddRazorComponents().AddInteractiveServerComponents(o =>
        {
            // A person's error is shown in words by the page; details of a failure stay in the server's log.
            o.DetailedErrors = false;
            o.DisconnectedCircuitMaxRetained = 100;
            o.DisconnectedCircuitRetentionPeriod = TimeSpan.FromMinutes(3);
        });
        builder.Services.AddMudServices();
        builder.Services.AddScoped<LiveEvents>();
        builder.Services.AddScoped<InboxState>();
        builder.Services.AddScoped<Sorcha.Web.Api.MyWallets>();
        builder.Services.AddScoped<Instances.InstanceLoader>();
        builder.Services.AddSingleton(Sorcha.Web.Api.AttachmentLimits.From(builder.Configuration));
    }

    public static void MapWebComponents(this WebApplication app)
    {
        app.MapStaticAssets().AllowAnonymous();
        app.MapRazorComponents<App>().AddInteractiveServerRenderMode();
    }

    /// <summary>Unknown addresses get the app's not-found page; a failure gets the error page, never a stack trace.</summary>
    public static void UseWebErrors(this WebApplication app)
    {
        app.UseExceptionHandler("/error", createScopeForErrors: true);
        app.UseStatusCodePagesWithReExecute("/not-found");
    }
}
