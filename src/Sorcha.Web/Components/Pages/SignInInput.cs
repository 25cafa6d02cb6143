using System.ComponentModel.DataAnnotations;

namespace Sorcha.Web.Components.Pages;

/// <summary>Development's sign-in form: the name is the development token's client id (the gateway's rule).</summary>
public sealed class SignInInput
{
    [Required(ErrorMessage = "Enter a name.")]
    [RegularExpression("^[A-Za-z0-9._@:-]{1,128}$", ErrorMessage = "Use 1-128 letters, digits and . _ - @ : only.")]
    public string? Name { get; set; }
}
